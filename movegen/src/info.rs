//! The variant ids and the table of facts about each variant that every surface reads (names,
//! XBoard name, board shape, pieces with how each moves, chance, numbered setups, bench
//! positions). One [`VariantInfo`] per variant id, defined in the variant's own `info.rs` and
//! listed once in the variant list (`for_each_variant!`, `variants/mod.rs`), from which
//! [`VariantId`] is generated here and `VariantId::info` (which finds the entry) in
//! `variants/mod.rs`.

use crate::types::Geometry;

crate::for_each_variant!(define_variant_ids!());

/// Defines [`VariantId`] from the variant list (`for_each_variant!`).
#[doc(hidden)]
#[macro_export]
macro_rules! define_variant_ids {
    (() $($V:ident $doc:literal $tm:ident :: $tt:ident, $im:ident :: info :: $ic:ident;)*) => {
        /// The variant ids of the rule book (`../shared/rules/README.md`), in rule-book order.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum VariantId {
            $(#[doc = $doc] $V,)*
        }

        impl VariantId {
            /// Every id, in rule-book order.
            pub const ALL: [VariantId; [$(stringify!($V)),*].len()] = [$(VariantId::$V),*];
        }
    };
}

/// One kind of piece, for a legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceInfo {
    /// Its FEN letter (White's, upper case; Black's is the lower-case letter; `X` for the
    /// neutral PieceEater).
    pub letter: char,
    /// Its name.
    pub name: &'static str,
    /// How it moves, in one or two sentences for people.
    pub moves: &'static str,
}

/// Numbered start positions (`eightpiece-random`).
#[derive(Clone, Copy, Debug)]
pub struct Setups {
    /// How many there are.
    pub count: fn() -> usize,
    /// The FEN of setup `n` (`None` past the end).
    pub fen: fn(usize) -> Option<String>,
}

/// The board's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// File letters, leftmost first.
    pub file_names: &'static [u8],
    /// Number of the lowest rank.
    pub rank_base: u8,
}

impl Shape {
    /// The shape of geometry `G`.
    pub const fn of<G: Geometry>() -> Shape {
        Shape {
            files: G::FILES,
            ranks: G::RANKS,
            file_names: G::FILE_NAMES,
            rank_base: G::RANK_BASE,
        }
    }
}

/// A way of entering a move that a board surface must explain beyond "click the piece, then its
/// target" (the web board's help panel, `docs/gui.md`). Each variant lists the forms its rules
/// have ([`Marks::forms`]); a test checks the list against the legal moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveForm {
    /// Castling (`MoveKind::Castle`).
    Castle,
    /// En passant by a step onto the skipped square (`MoveKind::EnPassant`).
    EnPassant,
    /// A promotion with a choice of piece (and, for a lancer, of facing).
    Promotion,
    /// A promotion or change of form that happens by itself as part of a move (no choice).
    AutoPromotion,
    /// A lancer's move whose facing is chosen after it (several moves share the squares).
    Facing,
    /// A lancer's turn in place (`MoveKind::Turn`).
    Turn,
    /// A sentry's push or nudge (`MoveKind::Push`, `MoveKind::Nudge`).
    Push,
    /// The pass (`MoveKind::Pass`).
    Pass,
    /// A drop from the hand (`MoveKind::Drop`).
    Drop,
    /// The Magician switch (`MoveKind::Switch`).
    Switch,
    /// The king swap (`MoveKind::Swap`).
    Swap,
    /// A capture by jumping over the victim (`MoveKind::Jump`).
    Jump,
    /// En passant by jumping over the skipped square (`MoveKind::JumpEnPassant`).
    JumpEnPassant,
    /// A move followed by a chance step the player does not choose (a game of chance).
    Chance,
}

impl MoveForm {
    /// The form's key, as the web board's variant table names it.
    pub const fn key(self) -> &'static str {
        match self {
            MoveForm::Castle => "castle",
            MoveForm::EnPassant => "en_passant",
            MoveForm::Promotion => "promotion",
            MoveForm::AutoPromotion => "auto_promotion",
            MoveForm::Facing => "facing",
            MoveForm::Turn => "turn",
            MoveForm::Push => "push",
            MoveForm::Pass => "pass",
            MoveForm::Drop => "drop",
            MoveForm::Switch => "switch",
            MoveForm::Swap => "swap",
            MoveForm::Jump => "jump",
            MoveForm::JumpEnPassant => "jump_en_passant",
            MoveForm::Chance => "chance",
        }
    }
}

/// Squares the rules give a role of their own, which a board surface draws apart: the outer
/// files, and with `ranks` also the outer ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareMark {
    /// Their role in the rules.
    pub kind: SquareKind,
    /// Whether the outer ranks belong to it too (else only the outer files).
    pub ranks: bool,
}

/// The roles of [`SquareMark`] squares, as the rule book names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareKind {
    /// Jumping Knights' edge squares, which only capturing moves may end on.
    Edge,
    /// TamerSpiel's citadels, where pieces promote.
    Citadel,
}

/// What a board surface marks and explains beyond the pieces (the GUI marks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    /// The move forms of the variant beyond plain moves (for a board surface's help).
    pub forms: &'static [MoveForm],
    /// The FEN letters (White's) of the royal pieces: the ones a check attacks.
    pub royals: &'static [char],
    /// Whether the rules forbid leaving the king in check. `false` where a king in check may
    /// stay attacked and be captured (PieceEater); a surface then says "attacked", not "check".
    pub check_rule: bool,
    /// Squares drawn in a class of their own.
    pub squares: &'static [SquareMark],
}

impl Marks {
    /// An orthodox army's: castling, en passant and promotion, the king, the check rule.
    pub const ORTHODOX: Marks = Marks {
        forms: &[MoveForm::Castle, MoveForm::EnPassant, MoveForm::Promotion],
        royals: &['K'],
        check_rule: true,
        squares: &[],
    };
}

/// The rules that end a game, named for people where a variant names them its own way (the web
/// board's "Draw by the 50-move rule", "White wins by stalemate (Rule 2)").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndTexts {
    /// The end without a legal move and without check.
    pub stalemate: &'static str,
    /// The move-count draw.
    pub fifty_moves: &'static str,
}

impl EndTexts {
    /// The names of FIDE's rules.
    pub const STANDARD: EndTexts =
        EndTexts { stalemate: "stalemate", fifty_moves: "the 50-move rule" };
}

/// Everything the surfaces need to know about one variant id.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    /// The id as written everywhere (`--variant`, `UCI_Variant`, XBoard `variant`).
    pub name: &'static str,
    /// Its name for people.
    pub title: &'static str,
    /// The variant's name in the XBoard protocol (`normal` for chess), which the match runner
    /// sends other engines too; how XBoard learns an engine-defined variant (`setup` and
    /// `piece` lines) is the XBoard front end's (`engine/src/xboard/dialect/`).
    pub xboard_name: &'static str,
    /// Its rule-book file under `../shared/rules/`.
    pub rules_file: &'static str,
    /// The standard start position (`None`: the start is one of the numbered setups).
    pub start_fen: Option<&'static str>,
    /// Whether moves carry chance outcomes (`Rules::HAS_CHANCE`).
    pub has_chance: bool,
    /// Board shape.
    pub shape: Shape,
    /// The pieces, for a legend.
    pub pieces: &'static [PieceInfo],
    /// Numbered start positions, if the variant has them.
    pub setups: Option<Setups>,
    /// The id whose FEN conventions a game of this id takes under `UCI_Chess960` (8-Piece's
    /// Chess960-style castling: `eightpiece-random`); `None`: the option changes nothing.
    pub chess960: Option<VariantId>,
    /// `menagerie bench --perft` positions: FEN and depth offset from `--depth`.
    pub perft_bench: &'static [(&'static str, i32)],
    /// `menagerie bench` search positions.
    pub search_bench: &'static [&'static str],
    /// What a board surface marks and explains.
    pub marks: Marks,
    /// The names of the rules that end a game.
    pub ends: EndTexts,
}

impl VariantInfo {
    /// The neutral piece whose steps are the chance outcomes (the legend's `X`), in a game of
    /// chance.
    pub fn chance_piece(&self) -> Option<&'static PieceInfo> {
        if self.has_chance {
            self.piece('X')
        } else {
            None
        }
    }

    /// The legend entry of the piece written `letter` (either case), if any.
    pub fn piece(&self, letter: char) -> Option<&'static PieceInfo> {
        let up = letter.to_ascii_uppercase();
        self.pieces.iter().find(|p| p.letter == up)
    }
}

/// The orthodox pieces' legend entries, shared by the variants that keep them.
pub mod orthodox {
    use super::PieceInfo;

    const fn p(letter: char, name: &'static str, moves: &'static str) -> PieceInfo {
        PieceInfo { letter, name, moves }
    }

    /// The king.
    pub const KING: PieceInfo = p(
        'K',
        "King",
        "One step in any direction; castles with the rook. Must not be left in check.",
    );
    /// The queen.
    pub const QUEEN: PieceInfo = p('Q', "Queen", "Any distance along ranks, files and diagonals.");
    /// The rook.
    pub const ROOK: PieceInfo = p('R', "Rook", "Any distance along ranks and files.");
    /// The bishop.
    pub const BISHOP: PieceInfo = p('B', "Bishop", "Any distance along diagonals.");
    /// The knight.
    pub const KNIGHT: PieceInfo = p(
        'N',
        "Knight",
        "Leaps two squares one way and one square sideways (an L), over anything.",
    );
    /// The pawn.
    pub const PAWN: PieceInfo = p(
        'P',
        "Pawn",
        "One step forward (two from its start square); captures one step diagonally forward, \
         also en passant; promotes on the last rank.",
    );
}

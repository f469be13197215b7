/* Menagerie's x86-64-v3 build: the CPU check that runs before any Rust code.
 *
 * build.rs compiles this file for baseline x86-64 and links it only into builds whose Rust code
 * may use x86-64-v3 instructions (AVX2, BMI1/2, FMA, LZCNT, MOVBE). On a CPU without them the
 * Rust code would die of an illegal instruction before it could print anything, so this
 * constructor checks CPUID first and, if a feature is missing, says which and exits with status
 * 1. See engine/src/platform.rs and docs/decisions/0014-cpu-levels.md.
 */
#include <cpuid.h>
#include <string.h>
#ifdef _WIN32
/* Only kernel32 (build.rs links it after this object): the C runtime may not be set up yet. */
#include <windows.h>
static void write_err(const char *s) {
    DWORD n;
    WriteFile(GetStdHandle(STD_ERROR_HANDLE), s, (DWORD)strlen(s), &n, NULL);
}
static void leave(void) { ExitProcess(1); }
static int pretend_old_cpu(void) {
    char v[8];
    DWORD n = GetEnvironmentVariableA("MENAGERIE_CPU_GUARD", v, sizeof v);
    return n == 4 && memcmp(v, "fail", 4) == 0;
}
#else
#include <stdlib.h>
#include <unistd.h>
static void write_err(const char *s) { (void)!write(2, s, strlen(s)); }
static void leave(void) { _exit(1); }
static int pretend_old_cpu(void) {
    const char *v = getenv("MENAGERIE_CPU_GUARD");
    return v != NULL && strcmp(v, "fail") == 0;
}
#endif

struct feature {
    const char *name;
    int reg; /* 0: leaf 1 ECX, 1: leaf 7 EBX, 2: leaf 0x80000001 ECX */
    int bit;
};

static const struct feature FEATURES[] = {
    {"sse3", 0, 0},   {"ssse3", 0, 9},   {"fma", 0, 12},  {"cmpxchg16b", 0, 13},
    {"sse4.1", 0, 19}, {"sse4.2", 0, 20}, {"movbe", 0, 22}, {"popcnt", 0, 23},
    {"osxsave", 0, 27}, {"avx", 0, 28},  {"f16c", 0, 29},  {"bmi1", 1, 3},
    {"avx2", 1, 5},   {"bmi2", 1, 8},    {"lzcnt", 2, 5},
};

/* XCR0 bits 1 and 2: the operating system saves the SSE and AVX registers. */
static int os_saves_avx(void) {
    unsigned int lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    return (lo & 6) == 6;
}

__attribute__((constructor)) static void menagerie_cpu_guard(void) {
    unsigned int a, b, c, d, regs[3] = {0, 0, 0};
    unsigned int max_leaf = __get_cpuid_max(0, 0);
    unsigned int max_ext = __get_cpuid_max(0x80000000u, 0);
    unsigned int i, missing = 0;
    if (max_leaf >= 1 && __get_cpuid_count(1, 0, &a, &b, &c, &d)) regs[0] = c;
    if (max_leaf >= 7 && __get_cpuid_count(7, 0, &a, &b, &c, &d)) regs[1] = b;
    if (max_ext >= 0x80000001u && __get_cpuid_count(0x80000001u, 0, &a, &b, &c, &d)) regs[2] = c;
    for (i = 0; i < sizeof FEATURES / sizeof FEATURES[0]; i++) {
        if (!((regs[FEATURES[i].reg] >> FEATURES[i].bit) & 1)) missing |= 1u << i;
    }
    if (!missing && !os_saves_avx()) missing |= 1u << 8; /* report as "osxsave" */
    /* MENAGERIE_CPU_GUARD=fail: act as on a CPU without AVX2 and BMI2, so that tests can check
     * on any machine that the guard runs before Rust code and what it prints. */
    if (pretend_old_cpu()) missing |= (1u << 12) | (1u << 13);
    if (!missing) return;
    write_err("menagerie: this build (menagerie-x86-64-v3) needs a CPU with AVX2, BMI1, BMI2, "
               "FMA, LZCNT and MOVBE (x86-64-v3); this CPU lacks:");
    for (i = 0; i < sizeof FEATURES / sizeof FEATURES[0]; i++) {
        if (missing & (1u << i)) {
            write_err(" ");
            write_err(FEATURES[i].name);
        }
    }
    write_err(". Run `menagerie` (the portable x86-64 build beside it) instead.\n");
    leave();
}

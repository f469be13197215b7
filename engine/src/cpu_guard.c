/* Menagerie's builds beyond baseline x86-64: the CPU check that runs before any Rust code.
 *
 * build.rs compiles this file for baseline x86-64 and links it into builds whose Rust code may
 * use instructions beyond baseline x86-64: the x86-64-v3 build of the release archives (AVX2,
 * BMI1/2, FMA, LZCNT, MOVBE) and source builds, compiled for the CPU they are built on. On a
 * CPU without them the Rust code would die of an illegal instruction before it could print
 * anything, so this constructor checks CPUID first and, if a feature is missing, says which and
 * exits with status 1. The features and the words come from cpu_features.h, which build.rs
 * writes from the build's own feature list. See engine/src/platform.rs and
 * docs/decisions/0014-cpu-levels.md, 0019-source-builds-native.md.
 */
#include <cpuid.h>

/* The two strings are equal. Written out rather than strcmp: on Windows this object is linked
 * after the C runtime's libraries, so it may call nothing but kernel32 (see below). */
static int same(const char *a, const char *b) {
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

#ifdef _WIN32
/* Only kernel32 (build.rs links it after this object, last on the link line, where no C
 * runtime library follows it): lstrlenA, not strlen. The C runtime may not be set up yet. */
#include <windows.h>
static void write_err(const char *s) {
    DWORD n;
    WriteFile(GetStdHandle(STD_ERROR_HANDLE), s, (DWORD)lstrlenA(s), &n, NULL);
}
static void leave(void) { ExitProcess(1); }
static int pretend_old_cpu(void) {
    char v[8];
    DWORD n = GetEnvironmentVariableA("MENAGERIE_CPU_GUARD", v, sizeof v);
    return n == 4 && same(v, "fail");
}
#else
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static void write_err(const char *s) { (void)!write(2, s, strlen(s)); }
static void leave(void) { _exit(1); }
static int pretend_old_cpu(void) {
    const char *v = getenv("MENAGERIE_CPU_GUARD");
    return v != NULL && same(v, "fail");
}
#endif

struct feature {
    const char *name;
    unsigned int leaf, subleaf;
    int reg; /* 0-3: EAX, EBX, ECX, EDX */
    int bit;
};

#include "cpu_features.h"

#define COUNT (sizeof FEATURES / sizeof FEATURES[0])

/* XCR0: the registers the operating system saves (bits 1-2 SSE and AVX, 5-7 AVX-512). */
static unsigned int xcr0(void) {
    unsigned int lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    return lo;
}

static int has(const struct feature *f) {
    unsigned int r[4] = {0, 0, 0, 0};
    unsigned int max = __get_cpuid_max(f->leaf & 0x80000000u, 0);
    if (max < f->leaf || !__get_cpuid_count(f->leaf, f->subleaf, &r[0], &r[1], &r[2], &r[3]))
        return 0;
    return (r[f->reg] >> f->bit) & 1;
}

__attribute__((constructor)) static void menagerie_cpu_guard(void) {
    unsigned char missing[COUNT];
    unsigned int i, any = 0, os_missing = 0;
    /* MENAGERIE_CPU_GUARD=fail: act as on a CPU without AVX2 and BMI2, so that tests can check
     * on any machine that the guard runs before Rust code and what it prints. */
    int pretend = pretend_old_cpu();
    for (i = 0; i < COUNT; i++) {
        missing[i] = !has(&FEATURES[i]) ||
                     (pretend && (same(FEATURES[i].name, "avx2") || same(FEATURES[i].name, "bmi2")));
        any |= missing[i];
    }
    /* XGETBV exists where the OS has enabled it (leaf 1 ECX bit 27, OSXSAVE). */
    if (!any && NEEDED_XCR0) {
        unsigned int a, b, c, d;
        int osxsave = __get_cpuid_count(1, 0, &a, &b, &c, &d) && ((c >> 27) & 1);
        os_missing = !osxsave || (xcr0() & NEEDED_XCR0) != NEEDED_XCR0;
    }
    if (!any && !os_missing) return;
    write_err(GUARD_INTRO);
    for (i = 0; i < COUNT; i++) {
        if (missing[i]) {
            write_err(" ");
            write_err(FEATURES[i].name);
        }
    }
    if (os_missing) write_err(" osxsave (the operating system does not save these registers)");
    write_err(GUARD_ADVICE);
    leave();
}

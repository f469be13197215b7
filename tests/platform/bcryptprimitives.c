/* Test-only stand-in for Windows' bcryptprimitives.dll, for running Menagerie's Windows build
 * under Debian's Wine 8.0, which lacks that DLL. Rust's standard library imports one function
 * from it, ProcessPrng (random bytes, used to seed hash maps); without the DLL the .exe cannot
 * start (status c0000135). This forwards ProcessPrng to BCryptGenRandom, which Wine has.
 *
 * Built by tests/tests/platforms.rs with x86_64-w64-mingw32-gcc and placed beside the .exe in
 * the test's own copy of the unpacked archive; never part of a release archive
 * (docs/decisions/0015-windows-under-wine.md).
 */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) {
            return FALSE;
        }
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}

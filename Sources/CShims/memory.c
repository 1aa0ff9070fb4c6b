// Resident memory of the server process (issue 20): the code pages start-up
// touched and the steady state never runs again.
#define _GNU_SOURCE
#include "CShims.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* One mapping of /proc/self/smaps: its range, permissions, whether it is a
   file, and its resident and anonymous (copied-on-write) kilobytes. */
struct mapping {
    unsigned long start, end;
    char perms[5];
    int is_file;
    long rss_kb, anon_kb;
};

/* Releases one mapping if it is safe: read-only (code, or read-only data such
   as symbol tables the dynamic linker read once), private, from a file, with
   no private copy of any page (a relocated RELRO range, a text relocation, a
   breakpoint: such a mapping is skipped whole). Its pages are then exact
   copies of the file: dropping them loses nothing, and a page used again is
   mapped back from the page cache (a minor fault, no disk read). */
static long release(const struct mapping *m) {
    int read_only = strcmp(m->perms, "r-xp") == 0 || strcmp(m->perms, "r--p") == 0;
    if (!m->is_file || !read_only || m->anon_kb != 0 || m->rss_kb <= 0) return 0;
    if (madvise((void *)m->start, m->end - m->start, MADV_DONTNEED) != 0) return 0;
    return m->rss_kb * 1024;
}

long aula_release_code_pages(void) {
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f) return -1;
    /* Read every mapping first, release after: madvise while reading smaps
       would change the file under the reader. */
    struct mapping maps[512];
    int count = 0;
    char line[1024];
    int continuation = 0;  /* the rest of a line longer than the buffer (a long path) */
    while (fgets(line, sizeof line, f)) {
        int skip = continuation;
        continuation = strchr(line, '\n') == NULL;
        if (skip) continue;
        unsigned long start, end;
        char perms[5];
        int path_at = 0;
        if (sscanf(line, "%lx-%lx %4s %*s %*s %*s %n", &start, &end, perms, &path_at) == 3 && path_at > 0
            && start < end) {
            if (count == (int)(sizeof maps / sizeof maps[0])) break;
            struct mapping *m = &maps[count++];
            m->start = start;
            m->end = end;
            memcpy(m->perms, perms, sizeof m->perms);
            m->is_file = line[path_at] == '/';
            m->rss_kb = -1;
            m->anon_kb = -1;  /* unknown until read: never released */
            continue;
        }
        if (count == 0) continue;
        long kb;
        if (sscanf(line, "Rss: %ld kB", &kb) == 1) maps[count - 1].rss_kb = kb;
        else if (sscanf(line, "Anonymous: %ld kB", &kb) == 1) maps[count - 1].anon_kb = kb;
    }
    fclose(f);
    long released = 0;
    for (int i = 0; i < count; i++) released += release(&maps[i]);
    return released;
}

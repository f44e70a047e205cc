#ifndef LARDER_CARCHIVE_SHIM_H
#define LARDER_CARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>
#include <locale.h>

/* The AE_IF* file type macros carry a cast, so Swift cannot import them. */
static const unsigned int LARDER_AE_IFREG = AE_IFREG;
static const unsigned int LARDER_AE_IFDIR = AE_IFDIR;
static const unsigned int LARDER_AE_IFLNK = AE_IFLNK;

/* libarchive converts entry names through the calling thread's locale. A locale whose
   character type is UTF-8, for ArchiveWriter to hand names over under (see NameLocale.swift);
   NULL when the system has none. Tried in order: glibc's built-in C.UTF-8 first. */
static inline locale_t larder_utf8_ctype_locale(void) {
    static const char *const names[] = { "C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8" };
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        locale_t locale = newlocale(LC_CTYPE_MASK, names[i], (locale_t)0);
        if (locale != (locale_t)0) return locale;
    }
    return (locale_t)0;
}

/* glibc declares syncfs only under _GNU_SOURCE, which Swift's Glibc module is not built with.
   Unpacking a bundle flushes the file system once with it instead of fsyncing every file. */
#ifdef __linux__
extern int syncfs(int fd);
#endif
#endif

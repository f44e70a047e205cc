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

/* The compression filters libarchive undoes in-process, with a library it is linked against.
   archive_read_support_filter_all also registers filters that start an outside program found on
   $PATH (lzop, grzip, lrzip, and any filter whose library is missing): a file beginning with
   lzop's magic bytes made `larder import` run `lzop -d`. What a file holds must never choose a
   program to run, so a filter is registered only when a probe reader takes it without the
   warning libarchive gives when it would fall back to a program. */
static inline int larder_archive_filter_is_built_in(int (*support)(struct archive *)) {
    struct archive *probe = archive_read_new();
    if (probe == NULL) return 0;
    int built_in = support(probe) == ARCHIVE_OK;
    archive_read_free(probe);
    return built_in;
}

static inline void larder_archive_read_support_built_in_filters(struct archive *archive) {
    int (*const filters[])(struct archive *) = {
        archive_read_support_filter_gzip, archive_read_support_filter_bzip2,
        archive_read_support_filter_xz, archive_read_support_filter_lzma,
        archive_read_support_filter_lzip, archive_read_support_filter_zstd,
        archive_read_support_filter_lz4, archive_read_support_filter_compress,
    };
    for (unsigned i = 0; i < sizeof filters / sizeof filters[0]; i++) {
        if (larder_archive_filter_is_built_in(filters[i])) filters[i](archive);
    }
}

/* Declarations that only one system has, kept apart. */
#include "platform.h"
#endif

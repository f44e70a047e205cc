#ifndef LARDER_CARCHIVE_SHIM_H
#define LARDER_CARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>

/* The AE_IF* file type macros carry a cast, so Swift cannot import them. */
static const unsigned int LARDER_AE_IFREG = AE_IFREG;
static const unsigned int LARDER_AE_IFDIR = AE_IFDIR;
static const unsigned int LARDER_AE_IFLNK = AE_IFLNK;

/* glibc declares syncfs only under _GNU_SOURCE, which Swift's Glibc module is not built with.
   Unpacking a bundle flushes the file system once with it instead of fsyncing every file. */
extern int syncfs(int fd);
#endif

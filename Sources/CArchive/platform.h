#ifndef LARDER_CARCHIVE_PLATFORM_H
#define LARDER_CARCHIVE_PLATFORM_H
/* The C declarations only Linux has, for LarderArchive's Platform.swift; nothing else here.
   glibc declares syncfs only under _GNU_SOURCE, which Swift's Glibc module is not built with.
   Unpacking a bundle flushes the file system once with it instead of fsyncing every file. */
#ifdef __linux__
extern int syncfs(int fd);
#endif
#endif

/// libarchive's messages about a broken archive ("Truncated input file (needed 34304 bytes,
/// only 0 available)", "ZIP decompression failed (-5)", "Damaged tar archive") said in Larder's
/// words, by what a person can do about them: an archive that ends early was cut off or is
/// still downloading; a damaged one needs a fresh copy. Byte counts and zlib codes help nobody
/// and are left out; a message of another kind is kept as libarchive wrote it.
enum LibarchiveWords {
    static let endsEarly = "the archive ends early (truncated, or still downloading)"
    static let damaged = "the archive is damaged: its data does not decompress or does not match its checksums"
    static let unknownFormat = "not an archive Larder reads (tar, zip, or those compressed with gzip, bzip2, xz or zstd)"

    static func plain(_ message: String) -> String {
        let lower = message.lowercased()
        if ["truncated", "premature end", "unexpected end", "unexpected eof"].contains(where: lower.contains) {
            return endsEarly
        }
        if lower.contains("unrecognized archive format") { return unknownFormat }
        if ["decompression failed", "damaged", "bad crc", "crc error", "checksum", "corrupt", "invalid"].contains(where: lower.contains) {
            return damaged
        }
        return message
    }
}

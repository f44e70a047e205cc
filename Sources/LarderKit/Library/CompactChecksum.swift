import Foundation
import LarderCore

/// A file's size and SHA-256 in 40 bytes with no heap allocation, for holding the checksums
/// of tens of thousands of files at once (a restore, a library's placed files): the hex string
/// and path of a `Manifest.File` cost two allocations each.
struct CompactChecksum: Hashable, Sendable {
    var bytes: Int
    private var digest: (UInt64, UInt64, UInt64, UInt64)

    init(bytes: Int, digest: [UInt8]) {
        precondition(digest.count == 32)
        self.bytes = bytes
        func word(_ offset: Int) -> UInt64 { digest[offset..<(offset + 8)].reduce(0) { $0 << 8 | UInt64($1) } }
        self.digest = (word(0), word(8), word(16), word(24))
    }

    /// Nil when the manifest's checksum is not 64 hex digits.
    init?(_ file: Manifest.File) {
        let hex = Array(file.sha256.utf8)
        guard hex.count == 64 else { return nil }
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for index in stride(from: 0, to: 64, by: 2) {
            guard let high = Self.nibble(hex[index]), let low = Self.nibble(hex[index + 1]) else { return nil }
            digest.append(high << 4 | low)
        }
        self.init(bytes: file.bytes, digest: digest)
    }

    init(contents: Data) {
        var hasher = SHA256()
        contents.withUnsafeBytes { hasher.update($0) }
        self.init(bytes: contents.count, digest: hasher.finalize())
    }

    func file(path: String) -> Manifest.File {
        var hex = ""
        hex.reserveCapacity(64)
        for word in [digest.0, digest.1, digest.2, digest.3] {
            let text = String(word, radix: 16)
            hex += String(repeating: "0", count: 16 - text.count) + text
        }
        return Manifest.File(path: path, sha256: hex, bytes: bytes)
    }

    static func == (lhs: CompactChecksum, rhs: CompactChecksum) -> Bool {
        lhs.bytes == rhs.bytes && lhs.digest == rhs.digest
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes)
        hasher.combine(digest.0)
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// A path (or any key text) reduced to 16 bytes of its SHA-256, to key tables of tens of
/// thousands of entries without a heap allocation per key. Cryptographic, so two different
/// paths a hostile archive chooses cannot be made to share a key.
struct DigestKey: Hashable, Comparable, Sendable {
    private let high: UInt64
    private let low: UInt64

    init(_ text: String) {
        var hasher = SHA256()
        hasher.update(text.utf8)
        let digest = hasher.finalize()
        high = digest[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
        low = digest[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
    }

    static func < (lhs: DigestKey, rhs: DigestKey) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

/// The checksums of the files an unpack wrote, as one sorted array (56 bytes a file, where a
/// dictionary took several times that), looked up by binary search, with a mark per file for
/// the manifest check.
struct ChecksumTable {
    private var entries: [(key: DigestKey, checksum: CompactChecksum)] = []
    private var marks: [UInt64] = []
    private var isSorted = true

    var count: Int { entries.count }

    /// Files go in as they are unpacked; `seal()` sorts them before any lookup.
    mutating func append(path: String, checksum: CompactChecksum) {
        entries.append((DigestKey(path), checksum))
        isSorted = false
    }

    mutating func seal() {
        if !isSorted { entries.sort { $0.key < $1.key } }
        isSorted = true
        marks = Array(repeating: 0, count: (entries.count + 63) / 64)
    }

    subscript(path: String) -> CompactChecksum? {
        index(of: DigestKey(path)).map { entries[$0].checksum }
    }

    /// Marks a file as listed; false when it is not in the table.
    @discardableResult
    mutating func mark(_ path: String) -> Bool {
        guard let index = index(of: DigestKey(path)) else { return false }
        marks[index / 64] |= 1 << UInt64(index % 64)
        return true
    }

    func isMarked(_ path: String) -> Bool {
        guard let index = index(of: DigestKey(path)) else { return false }
        return marks[index / 64] & (1 << UInt64(index % 64)) != 0
    }

    var markedCount: Int { marks.reduce(0) { $0 + $1.nonzeroBitCount } }

    private func index(of key: DigestKey) -> Int? {
        precondition(isSorted, "ChecksumTable looked up before seal()")
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].key == key ? low : nil
    }
}

/// The files a `Library` value wrote or moved in, with each one's checksum and its stamp just
/// after, keyed compactly: a restore of 50,000 recipes places 50,000 files.
struct PlacedFiles {
    private var table: [DigestKey: (checksum: CompactChecksum, stamp: FileStamp?)] = [:]

    subscript(path: String) -> (file: Manifest.File, stamp: FileStamp?)? {
        get { table[DigestKey(path)].map { ($0.checksum.file(path: path), $0.stamp) } }
        set {
            // A checksum that is not hex (never one Larder computed) is simply not kept: the
            // file is then hashed again when the manifest is written.
            table[DigestKey(path)] = newValue.flatMap { placed in CompactChecksum(placed.file).map { ($0, placed.stamp) } }
        }
    }
}

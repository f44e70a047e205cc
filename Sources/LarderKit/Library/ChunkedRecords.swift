import Foundation

/// Reads a file as records ended by one separator byte, 256 KB at a time, so a file of any size
/// is read in constant memory. Records are handed out as slices of the current chunk.
final class ChunkedRecords {
    private let handle: FileHandle
    private let separator: UInt8
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false

    init(handle: FileHandle, separator: UInt8) {
        self.handle = handle
        self.separator = separator
    }

    convenience init?(path: String, separator: UInt8) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        self.init(handle: handle, separator: separator)
    }

    /// The next record without its separator; nil at the end (a last record without a
    /// separator is still handed out).
    func next() -> ArraySlice<UInt8>? {
        while true {
            let found = buffer.withUnsafeBufferPointer { all -> Int? in
                guard position < all.count, let base = all.baseAddress,
                      let hit = memchr(base + position, Int32(separator), all.count - position) else { return nil }
                return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            if let found {
                let record = buffer[position..<found]
                position = found + 1
                return record
            }
            if atEnd {
                guard position < buffer.count else { return nil }
                let record = buffer[position...]
                position = buffer.count
                return record
            }
            buffer.removeFirst(position)
            position = 0
            if let more = try? handle.read(upToCount: 262_144), !more.isEmpty {
                buffer.append(contentsOf: more)
            } else {
                atEnd = true
            }
        }
    }

    func close() {
        try? handle.close()
    }
}

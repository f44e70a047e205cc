import Foundation

/// Records written one after another and read back in order, kept in memory until they pass a
/// megabyte and then moved to an unnamed temporary file (removed from its folder as soon as it
/// is made, so no run, killed or not, leaves it behind): a run's report entries, an export's
/// read-back lines. Memory does not grow with the run. A log that cannot have a file keeps its
/// buffer. Each record ends with `terminator`, a byte its records never hold.
final class SpillingRecords {
    /// How many bytes are kept in memory before they are moved to the file.
    static let spillBytes = 1 << 20
    let terminator: UInt8
    /// The temporary file's name starts so (`larder-report-`), for whoever sees it in /proc.
    private let filePrefix: String
    private var buffer = Data()
    private var file: FileHandle?

    init(terminator: UInt8, filePrefix: String) {
        self.terminator = terminator
        self.filePrefix = filePrefix
    }

    /// Writes one record: `body` appends its bytes (without the terminator).
    func append(_ body: (inout Data) -> Void) {
        body(&buffer)
        buffer.append(terminator)
        if buffer.count >= Self.spillBytes { spill() }
    }

    /// Each record, in the order written, without its terminator.
    func forEach(_ body: (Data.SubSequence) throws -> Void) throws {
        var carried = Data()
        if let file {
            var offset: UInt64 = 0
            while true {
                try file.seek(toOffset: offset)
                guard let chunk = try file.read(upToCount: Self.spillBytes), !chunk.isEmpty else { break }
                offset += UInt64(chunk.count)
                carried.append(chunk)
                carried = try split(carried, body)
            }
        }
        carried.append(buffer)
        _ = try split(carried, body)
    }

    /// Hands out the whole records of `data`; returns what is left of an unfinished one. (The
    /// ends are found with `memchr`: `Data.firstIndex(of:)` steps through Data's index a byte at
    /// a time.)
    private func split(_ data: Data, _ body: (Data.SubSequence) throws -> Void) throws -> Data {
        var ends: [Int] = []
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count, let found = memchr(base + offset, Int32(terminator), bytes.count - offset) {
                let end = base.distance(to: UnsafeRawPointer(found))
                ends.append(end)
                offset = end + 1
            }
        }
        var start = data.startIndex
        for end in ends.map({ data.startIndex + $0 }) {
            try body(data[start..<end])
            start = end + 1
        }
        return Data(data[start...])
    }

    /// Moves the buffer to the file; a log that cannot have a file keeps its buffer.
    private func spill() {
        if file == nil {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(filePrefix + UUID().uuidString).path
            let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return }
            unlink(path)
            file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
        guard let file, (try? file.seekToEnd()) != nil, (try? file.write(contentsOf: buffer)) != nil else { return }
        buffer.removeAll(keepingCapacity: true)
    }
}

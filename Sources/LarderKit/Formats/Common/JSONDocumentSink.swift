import Foundation
import LarderCore

/// Writes recipes as JSON objects into one file: alone when the run has one recipe, else in a
/// list, or under a wrapping key (`{"meals": [...]}`). Objects are spilled to a temporary file
/// as they come, so a large export is never held whole; the file appears when the run ends.
final class JSONDocumentSink: RecipeSink, ReadBackSink {
    let name: String
    let output: URL
    /// `meals` for TheMealDB's `{"meals": [...]}`; nil for a bare object or list.
    let wrapper: String?
    private let makeObject: (Recipe) throws -> [String: JSONValue]
    /// The library stored pictures are read from, for a format whose objects carry their
    /// pictures' bytes (JSON-LD); nil writes the recipes as they come.
    private let pictureSource: Library?
    /// The last recipe's object, as a file of its own in this format, for reading it back.
    private var written: [WrittenFile] = []
    private let spill: FileHandle
    private let spillURL: URL
    private var count = 0

    init(name: String, output: URL, wrapper: String? = nil, pictureSource: Library? = nil, object: @escaping (Recipe) throws -> [String: JSONValue]) throws {
        self.name = name
        self.output = output
        self.wrapper = wrapper
        self.makeObject = object
        self.pictureSource = pictureSource
        let folder = output.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        spillURL = folder.appendingPathComponent(".\(output.lastPathComponent).\(UUID().uuidString).items")
        guard FileManager.default.createFile(atPath: spillURL.path, contents: nil) else {
            throw FileProblem.lastSystemError(.write, path: spillURL.path)
        }
        spill = try FileHandle(forUpdating: spillURL)
    }

    deinit {
        try? spill.close()
        try? FileManager.default.removeItem(at: spillURL)
    }

    func write(_ recipe: Recipe) throws -> SinkOutcome {
        var recipe = recipe
        if let pictureSource {
            // A stored picture that cannot be read goes without its bytes; the read-back says so.
            for index in recipe.images.indices where recipe.images[index].embeddedData == nil {
                recipe.images[index].embeddedData = LocalImage.bytes(of: recipe.images[index], library: pictureSource).map { [UInt8]($0) }
            }
        }
        let encoded = try CanonicalJSON.encoder.encode(JSONValue.object(try makeObject(recipe)))
        // One object per line in the spill: pretty-printed JSON never holds a raw line break
        // inside a string, so lines are indented safely later.
        var piece = Data()
        if count > 0 { piece.append(contentsOf: Array(",\n".utf8)) }
        piece.append(encoded)
        try spill.write(contentsOf: piece)
        count += 1
        // What a file of this one object holds (`{"meals": [...]}` around it, if wrapped).
        let oneObjectFile = wrapper.map { Data("{\"\($0)\": [".utf8) + encoded + Data("]}".utf8) } ?? encoded
        written = [WrittenFile(path: output.lastPathComponent, data: oneObjectFile)]
        return .written
    }

    func takeWrittenFiles() -> [WrittenFile] {
        defer { written = [] }
        return written
    }

    func finish(report: RunReport) throws {
        try spill.synchronize()
        try spill.seek(toOffset: 0)
        let alone = count == 1 && wrapper == nil
        try AtomicFile.write(to: output) { write in
            if let wrapper {
                try write(Data("{\n  \"\(wrapper)\" : [\n".utf8))
            } else if !alone {
                try write(Data("[\n".utf8))
            }
            let indent = alone ? "" : (wrapper == nil ? "  " : "    ")
            var carry = Data()
            var atLineStart = true
            while let chunk = try spill.read(upToCount: 1 << 20), !chunk.isEmpty {
                carry.removeAll(keepingCapacity: true)
                for byte in chunk {
                    if atLineStart && !indent.isEmpty { carry.append(contentsOf: Array(indent.utf8)) }
                    carry.append(byte)
                    atLineStart = byte == 0x0A
                }
                try write(carry)
            }
            try write(Data((wrapper != nil ? "\n  ]\n}\n" : alone ? "\n" : "\n]\n").utf8))
        }
    }
}

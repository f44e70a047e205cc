import Foundation
import LarderCore

/// Reads the recipes of one file's bytes, in whatever format the registry recognises it (or
/// `--from` forces). Pure of the file system: the bytes come from a folder or an archive
/// entry.
struct RecipeFileReader {
    var forced: RecipeFormat?
    var pageURL: URL?
    var limits: InputLimits

    typealias Found = FormatReader.Found

    /// What a file is, by its name and bytes, with `--from` applied.
    func kind(of file: RecipeFile) -> RecipeFileKind {
        forced.map { RecipeFileKind.of(file, forced: $0) } ?? RecipeFileKind.of(file)
    }

    /// The recipes of a file that is not an archive, all at once. `name` is its path inside the
    /// input, for choosing the reader and for messages.
    func recipes(name: String, data: Data, input: String) -> [Found] {
        let file = RecipeFile(name: name, data: data)
        var found: [Found] = []
        read(file, kind: kind(of: file), input: input) { found.append($0); return true }
        return found
    }

    /// The recipes of a file, each handed to `emit` as it is found; `keepGoing` turns false
    /// when the run is stopped.
    func read(_ file: RecipeFile, kind: RecipeFileKind, input: String, budget: DecompressionBudget? = nil,
              keepGoing: @escaping @Sendable () -> Bool = { true }, emit: FormatReader.Emit) {
        guard case .recipe(let format) = kind, let reader = format.reader else {
            _ = emit((nil, .failure(.noRecipe("not a recipe file Larder reads"))))
            return
        }
        var context = ReadContext(input: input, pageURL: pageURL, limits: limits, forced: forced, keepGoing: keepGoing)
        context.decompression = budget
        reader.read(file, context: context, emit: emit)
    }

    /// UTF-8 when the bytes are; else Windows-1252, the code page old recipe programs wrote.
    static func text(of data: Data) -> String {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if let text = String(data: bytes, encoding: .utf8) { return text }
        return String(data: bytes, encoding: .windowsCP1252) ?? String(decoding: bytes, as: UTF8.self)
    }
}

import Foundation
import LarderArchive
import LarderCore

/// `--format paprika`: a `.paprikarecipes` file Paprika imports — a zip of one gzip'd JSON per
/// recipe (`<name>.paprikarecipe`), the photo inside as base64. An output named
/// `.paprikarecipe` holds exactly one recipe, as Paprika's single-recipe file.
public final class PaprikaSink: RecipeSink, ReadBackSink {
    public let name = "paprika"
    public let output: URL
    public let imageSource: Library?
    private let archive: ArchiveOutput?
    private var single: Data?
    private var names = RecipeFileNames()
    private var written: [WrittenFile] = []

    public init(output: URL, imageSource: Library?) throws {
        self.output = output
        self.imageSource = imageSource
        archive = output.pathExtension.lowercased() == "paprikarecipe" ? nil : try ArchiveOutput(output, format: .zip)
    }

    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        let photo = recipe.images.lazy.compactMap { LocalImage.bytes(of: $0, library: self.imageSource) }.first
        let object = PaprikaMapper.object(for: recipe, photo: photo.map { [UInt8]($0) })
        let gzipped = try Compressor.gzip(try CanonicalJSON.encoder.encode(JSONValue.object(object)), label: recipe.title)
        let entry: String
        if let archive {
            entry = names.unique(for: recipe.title, suffix: ".paprikarecipe")
            try archive.add(entry, contents: gzipped)
        } else {
            guard single == nil else {
                return .skipped(reason: "a .paprikarecipe file holds one recipe; name the output .paprikarecipes for several")
            }
            entry = output.lastPathComponent
            single = gzipped
        }
        written = [WrittenFile(path: entry, data: gzipped)]
        return .written
    }

    func takeWrittenFiles() -> [WrittenFile] {
        defer { written = [] }
        return written
    }

    public func finish(report: RunReport) throws {
        if let archive {
            try archive.commit()
        } else if let single {
            try AtomicFile.write(single, to: output)
        }
    }
}

import Foundation
import LarderArchive
import LarderCore

/// `--format paprika`: a `.paprikarecipes` file Paprika imports — a zip of one gzip'd JSON per
/// recipe (`<name>.paprikarecipe`), the photo inside as base64. An output named
/// `.paprikarecipe` holds exactly one recipe, as Paprika's single-recipe file.
public final class PaprikaSink: RecipeSink {
    /// The sink's name in the report (`paprika`).
    public let name = "paprika"
    /// The `.paprikarecipes` archive, or the single `.paprikarecipe` file, written.
    public let output: URL
    /// The library stored photos are read from to embed them; nil when recipes come from files.
    public let imageSource: Library?
    private let archive: ArchiveOutput?
    private var single: Data?
    private var names = RecipeFileNames()
    private let loss = FormatLoss(format: RecipeFormat.paprika.title)

    /// Opens the output (an archive unless its name ends in `.paprikarecipe`); throws when it cannot be created.
    public init(output: URL, imageSource: Library?) throws {
        self.output = output
        self.imageSource = imageSource
        archive = output.pathExtension.lowercased() == "paprikarecipe" ? nil : try ArchiveOutput(output, format: .zip)
    }

    /// What the format had no place for, said once for the run.
    public var runNotes: [String] { loss.notes }

    /// Takes one recipe into the output being written; throws when it cannot (the recipe fails alone).
    public func write(_ recipe: Recipe) throws -> SinkOutcome {
        let photo = recipe.images.lazy.compactMap { LocalImage.bytes(of: $0, library: self.imageSource) }.first
        let object = PaprikaMapper.object(for: recipe, photo: photo.map { [UInt8]($0) })
        let gzipped = try Compressor.gzip(try CanonicalJSON.encoder.encode(JSONValue.object(object)), label: recipe.title)
        if let archive {
            try archive.add(names.unique(for: recipe.title, suffix: ".paprikarecipe"), contents: gzipped)
        } else {
            guard single == nil else {
                return .skipped(reason: "a .paprikarecipe file holds one recipe; name the output .paprikarecipes for several")
            }
            single = gzipped
        }
        loss.record(Self.unheld(recipe))
        return .written
    }

    /// Writes the output whole and puts it in place, now that every recipe is in.
    public func finish(report: RunReport) throws {
        if let archive {
            try archive.commit()
        } else if let single {
            try AtomicFile.write(single, to: output)
        }
    }

    static func unheld(_ recipe: Recipe) -> [String] {
        var lost: [String] = []
        if !recipe.cuisines.isEmpty { lost.append("cuisine") }
        if !recipe.tags.isEmpty { lost.append("tags") }
        if !recipe.diets.isEmpty { lost.append("diets") }
        if recipe.provenance.author != nil { lost.append("author") }
        if let rating = recipe.rating {
            // Paprika keeps whole stars of five and no count.
            if PaprikaMapper.stars(rating) != rating.value || (rating.best ?? 5) != 5 { lost.append("ratings other than whole stars of five (rounded)") }
            if rating.count != nil { lost.append("rating counts") }
        }
        if recipe.dates.modified != nil || recipe.dates.published != nil || !recipe.dates.cooked.isEmpty { lost.append("dates other than created") }
        if recipe.images.filter({ $0.url != nil }).count > 1 { lost.append("more than one picture") }
        if recipe.instructionSections.contains(where: { $0.name != nil }) { lost.append("instruction section names (kept as lines of the directions)") }
        if WebLink.hasAddressThatIsNotALink(recipe) { lost.append(WebLink.unheldNote) }
        if recipe.provenance.origin != .paprika, !recipe.extras.isEmpty { lost.append("fields from the source app") }
        return lost
    }
}

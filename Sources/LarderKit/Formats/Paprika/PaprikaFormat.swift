import Foundation
import LarderArchive
import LarderCore

extension RecipeFormat {
    /// Paprika: one gzip'd JSON recipe (`.paprikarecipe`), many in a zip (`.paprikarecipes`).
    public static let paprika: RecipeFormat = RecipeFormat(
        name: "paprika",
        title: "Paprika",
        recognition: FormatRecognition(extensions: ["paprikarecipe", "json"], archiveExtensions: ["paprikarecipes"],
                                       marks: { $0.startsWith.gzip || $0.jsonShape == .paprika }),
        reader: .files(help: "Paprika .paprikarecipe(s)", jsonShape: .paprika) { file, context in
            // Paprika's JSON as it is inside the gzip, or saved unpacked.
            if file.startsWith.json || ["json", "jsonld"].contains(file.pathExtension) {
                return SharedReaders.json(file, context, shape: context.forcedJSONShape)
            }
            let json: Data
            do {
                json = try Decompressor.decompress(file.data, limit: context.limits.maxEntryBytes, label: file.name)
            } catch let error as ArchiveError where error.limit != nil {
                let exceeded = InputLimits.Exceeded("a file once decompressed", limit: context.limits.maxEntryBytes, per: "file", unit: .bytes)
                return [(nil, .failure(.invalid(exceeded.description)))]
            } catch {
                return [(nil, .failure(.invalid("not a readable gzip file: \((error as? ArchiveError)?.message ?? ErrorText.describe(error))")))]
            }
            return SharedReaders.json(RecipeFile(name: file.name, data: json), context, shape: context.forcedJSONShape ?? .paprika)
        },
        writer: FormatWriter(help: "Paprika .paprikarecipes", layout: .file(examples: ["recipes.paprikarecipes"]),
                             readBack: .imported, noPlaceFor: PaprikaMapper.noPlaceFor) { output in
            try PaprikaSink(output: output.url, imageSource: output.imageSource)
        }
    )
}

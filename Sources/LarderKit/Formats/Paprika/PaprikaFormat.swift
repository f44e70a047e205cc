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
            // The file's own limit, and what the input it came in may still expand to.
            let room = context.decompression?.room ?? Int.max
            do {
                json = try Decompressor.decompress(file.data, limit: min(context.limits.maxEntryBytes, room), label: file.name)
                context.decompression?.spend(json.count)
            } catch let error as ArchiveError where error.limit != nil {
                // What was inflated before the limit stopped it counts too.
                context.decompression?.spend(min(context.limits.maxEntryBytes, room))
                if room < context.limits.maxEntryBytes, let budget = context.decompression {
                    return [(nil, .failure(.invalid("not read: \(budget.exceeded)")))]
                }
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

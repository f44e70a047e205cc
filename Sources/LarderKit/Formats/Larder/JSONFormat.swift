import Foundation
import LarderCore

extension RecipeFormat {
    /// Larder's own: recipe JSON of any dialect is read (each object by its keys); written as
    /// a library, into a folder or a backup archive that `import` restores.
    public static let json: RecipeFormat = RecipeFormat(
        name: "json",
        title: "Larder's JSON",
        recognition: FormatRecognition(extensions: ["json", "jsonld"], syntax: { $0.startsWith.json }),
        reader: .files(help: "recipe JSON of any shape (Larder's own, schema.org, TheMealDB answers, the apps' JSON, anything recipe-like)",
                       whenForced: .jsonFiles) { file, context in
            SharedReaders.json(file, context, shape: context.forcedJSONShape)
        },
        writer: FormatWriter(
            help: "Larder's library",
            details: """
            json writes the library layout (manifest.jsonl, recipes/<id>.json, images/) into the \
            output folder, or into an archive when the output's name ends in .tar.gz, .tgz, .tar.zst, \
            .tar.xz or .zip (or --archive says so): a backup that `larder import` restores. The same \
            library always gives the same archive bytes.
            """,
            layout: .tree,
            readBack: .restored,
            text: { String(decoding: try CanonicalJSON.encode($0), as: UTF8.self) + "\n" }
        ) { output in
            if let archive = output.archive {
                return try BundleSink(output: output.url, format: archive, imageSource: output.imageSource, created: output.created)
            }
            return try LibrarySink(exportingTo: output.url, imageSource: output.imageSource)
        }
    )
}

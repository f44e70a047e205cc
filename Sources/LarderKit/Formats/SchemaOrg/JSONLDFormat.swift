import Foundation
import LarderCore

extension RecipeFormat {
    /// schema.org Recipe JSON-LD, as sites embed it and RecipeSage exports it.
    public static let jsonld: RecipeFormat = RecipeFormat(
        name: "jsonld",
        title: "schema.org JSON-LD",
        recognition: FormatRecognition(extensions: ["json", "jsonld"], marks: { $0.jsonShape == .schemaOrg }),
        reader: .files(help: "schema.org JSON-LD (.json, .jsonld)", whenForced: .jsonFiles, jsonShape: .schemaOrg) { file, context in
            SharedReaders.json(file, context, shape: context.forcedJSONShape)
        },
        writer: FormatWriter(
            help: "schema.org, one object or a list",
            layout: .file(examples: ["recipes.json"]),
            readBack: .imported,
            noPlaceFor: SchemaOrgWriter.noPlaceFor,
            text: { recipe in
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                return String(decoding: try encoder.encode(JSONValue.object(SchemaOrgWriter.object(for: recipe))), as: UTF8.self) + "\n"
            }
        ) { output in
            try JSONDocumentSink(name: "jsonld", output: output.url, pictureSource: output.imageSource) { SchemaOrgWriter.object(for: $0) }
        }
    )
}

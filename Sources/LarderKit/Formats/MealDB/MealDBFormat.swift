import Foundation
import LarderCore

extension RecipeFormat {
    /// TheMealDB's answers, `{"meals": [...]}`, and its meal objects.
    public static let mealdb: RecipeFormat = RecipeFormat(
        name: "mealdb",
        title: "TheMealDB",
        recognition: FormatRecognition(extensions: ["json"], marks: { $0.jsonShape == .mealDB }),
        reader: .files(help: "TheMealDB answers", whenForced: .jsonFiles, jsonShape: .mealDB) { file, context in
            SharedReaders.json(file, context, shape: context.forcedJSONShape)
        },
        writer: FormatWriter(help: "TheMealDB's {\"meals\": [...]}", layout: .file(examples: ["meals.json"]),
                             readBack: .imported, noPlaceFor: MealDBWriter.noPlaceFor) { output in
            try JSONDocumentSink(name: "mealdb", output: output.url, wrapper: "meals", object: MealDBWriter.object(for:))
        }
    )
}

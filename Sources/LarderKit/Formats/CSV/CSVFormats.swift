import Foundation
import LarderCore

/// Recipes as CSV rows under a header. One reader: the header says which columns are which,
/// and which app wrote it; the three names tell `--from` and the notes which is meant.
extension RecipeFormat {
    /// Any CSV whose header names a title and ingredients or directions column.
    public static let csv: RecipeFormat = csvFormat(name: "csv", title: "CSV", origin: .csv, help: "any CSV with a title column")

    /// Plan to Eat's export (`.csv`, or a zip of it).
    public static let plantoeat: RecipeFormat = csvFormat(name: "plantoeat", title: "Plan to Eat", origin: .planToEat, help: "Plan to Eat CSV")

    /// My Recipe Box's export.
    public static let myrecipebox: RecipeFormat = csvFormat(name: "myrecipebox", title: "My Recipe Box", origin: .myRecipeBox, help: "My Recipe Box CSV")

    private static func csvFormat(name: String, title: String, origin: OriginKind, help: String) -> RecipeFormat {
        RecipeFormat(
            name: name,
            title: title,
            recognition: FormatRecognition(extensions: ["csv"], marks: { $0.isPlainText && RecipeCSVMapper.origin(ofHeaderIn: $0.head) == origin }),
            reader: .files(help: help) { file, context in
                RecipeCSVMapper.recipes(in: file.text, context: context.mapping).map { ($0.label, $0.result) }
            }
        )
    }
}

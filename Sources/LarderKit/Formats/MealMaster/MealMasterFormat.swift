import Foundation
import LarderCore

extension RecipeFormat {
    /// Meal-Master's text: one or many recipes between `MMMMM` or `-----` header lines.
    public static let mealmaster: RecipeFormat = RecipeFormat(
        name: "mealmaster",
        title: "Meal-Master",
        recognition: FormatRecognition(extensions: ["mmf", "mm", "mxp"], lookedIntoExtensions: ["txt"],
                                       marks: { $0.isPlainText && MealMasterParser.looksLikeMealMaster($0.head) }),
        reader: .files(help: "Meal-Master .mmf/.txt") { file, context in
            MealMasterParser.recipes(in: file.text, context: context.mapping).map { ($0.label, $0.result) }
        }
    )
}

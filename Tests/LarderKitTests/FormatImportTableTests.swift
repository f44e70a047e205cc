import Foundation
import LarderCore
import LarderKit
import Testing
import TestSupport

/// Every sample of another app's format imports with the fields a person reads in it. Each
/// input under `Tests/Fixtures/formats/` has its expected recipes in
/// `Tests/Fixtures/formats-expected/<same path>.json`: a list, in order, of the fields checked
/// (a missing key is not checked; `failure` is a part of the reason).
struct FormatImportTableTests {
    static let cases: [String] = [
        "paprika/Zucchinipuffer.paprikarecipe",
        "paprika/Zucchini_Rolls_with_Goat_Cheese_and_Mint.paprikarecipe",
        "paprika/Zucchinipuffer-decoded.json",
        "paprika/mealie-test-paprika-folder.zip",
        "mela/Recipes.melarecipes",
        "mela/Soda Bread.melarecipe",
        "nextcloud/Recipes",
        "nextcloud-extra",
        "tandoor/tandoor-export.zip",
        "mealie/recipe.json",
        "mealie/legacy",
        "mealie/recipe-v3.json",
        "mealie/recipes-page-first-3.json",
        "cooklang/Easy_Pancakes.cook",
        "cooklang/Coffee_Souffle.cook",
        "cooklang/Fried_Rice.cook",
        "cooklang/Olivier_Salad.cook",
        "cooklang/Another_Lemon_Blueberry_Bread.cook",
        "cooklang/American_Pancakes.cook",
        "cooklang/Butter_Swirl_Shortbread_Cookies.cook",
        "recipesage/synthetic-jsonld-export.json",
    ] + ["continuation", "empty_ingredient_section", "erroneous_continuation", "float_crlf", "fraction", "header",
         "header2", "ingredient_section", "instruction_section", "mixed", "no_servings", "noamount", "overlong_ingredient",
         "section_hyphen", "two_column_continuation", "two_column_section", "two_columns"].map { "mealmaster/anymeal-\($0).mmf" }
      + ["mealmaster/gourmet-mealmaster-2-col.mmf", "mealmaster/gourmet-mealmaster-5-recipes.mmf"]
      + ["copymethat.zip", "plantoeat.zip", "myrecipebox.csv", "athenos-first-3.mx2", "test_set.grmt", "sample.kreml", "chowdown"]
        .map { "other/\($0)" }

    @Test(arguments: cases)
    func importsWithTheExpectedFields(_ input: String) async throws {
        let outcomes = try await readAll(Fixtures.url("formats/" + input).path).filter { $0.skipped == nil }
        let expectedData = try Fixtures.data("formats-expected/\(input).json")
        let expected = try JSONValue.parse(expectedData).arrayValue ?? []
        #expect(outcomes.count == expected.count, "\(input): \(outcomes.count) recipes read, \(expected.count) expected")
        for (outcome, wanted) in zip(outcomes, expected) {
            let actual = summary(of: outcome)
            for (key, value) in wanted.objectValue ?? [:] {
                if key == "failure" {
                    #expect(actual["failure"]?.stringValue?.contains(value.stringValue ?? "") == true, "\(input): failure \(String(describing: actual["failure"]))")
                } else {
                    #expect(actual[key] == value, "\(input) \(outcome.item ?? ""): \(key) is \(String(describing: actual[key])), expected \(value)")
                }
            }
        }
    }
}

import Foundation
import LarderCore
import LarderHTML
import Testing

/// The rules of `SectionReading` (how a page without recipe markup is read under its section
/// titles), each with a table of pages: what a heading, a list item or a paragraph does to the
/// ingredients or the method.
struct SectionReaderRuleTests {
    struct Case: CustomStringConvertible, Sendable {
        var body: String
        /// Ingredient groups as `title: line | line`, or `line | line` for a group without title.
        var ingredients: [String]
        /// The steps, when the rule decides them too.
        var steps: [String]?
        var description: String { body }
    }

    static func read(_ body: String) throws -> (ingredients: [String], steps: [String]) {
        let page = "<!doctype html><html><head><title>Soup</title></head><body><h1>Soup</h1>\(body)</body></html>"
        let recipe = try RecipeScraper.scrape(html: Data(page.utf8), url: URL(string: "https://example.com/soup"))
        let groups = recipe.ingredientGroups.map { group in
            (group.name.map { $0 + ": " } ?? "") + group.ingredients.map(\.line).joined(separator: " | ")
        }
        return (groups, recipe.instructionSections.flatMap(\.steps).map(\.text))
    }

    static let ingredientsList = "<h2>Ingredients</h2><ul><li>1 l water</li><li>2 carrots</li></ul>"
    static let method = "<h2>Method</h2><ol><li>Boil the water.</li><li>Add the carrots.</li></ol>"

    static let tables: [String: [Case]] = [
        "isHiddenCopy": [
            // The same list in other units under a title of its own, hidden or in a closed tab:
            // read, it would be a second group.
            Case(body: ingredientsList + "<div style=\"display: none\"><h3>In cups</h3><ul><li>4 cups water</li><li>2 carrots</li></ul></div>" + method,
                 ingredients: ["1 l water | 2 carrots"], steps: ["Boil the water.", "Add the carrots."]),
            Case(body: ingredientsList + "<div class=\"tab-pane\"><h3>In cups</h3><ul><li>4 cups water</li><li>2 carrots</li></ul></div>" + method,
                 ingredients: ["1 l water | 2 carrots"], steps: ["Boil the water.", "Add the carrots."]),
        ],
        "heading": [
            // A lower heading titles a group; one as high as the section's title ends it.
            Case(body: "<h2>Ingredients</h2><h3>For the soup</h3><ul><li>1 l water</li></ul><h3>To serve</h3><ul><li>bread</li></ul>"
                     + "<h2>About this soup</h2><p>It is old.</p>" + method,
                 ingredients: ["For the soup: 1 l water", "To serve: bread"], steps: ["Boil the water.", "Add the carrots."]),
            // A step's label set as a heading goes on with the method.
            Case(body: ingredientsList + "<h2>Method</h2><h3>Step 1</h3><p>Boil the water.</p><h3>Step 2</h3><p>Add the carrots.</p>",
                 ingredients: ["1 l water | 2 carrots"], steps: ["Boil the water.", "Add the carrots."]),
        ],
        "secondListEnds": [
            Case(body: ingredientsList + "<ul><li>4 cups water</li><li>2 carrots</li></ul>" + method,
                 ingredients: ["1 l water | 2 carrots"], steps: ["Boil the water.", "Add the carrots."]),
        ],
        "listAfterStepParagraphsEnds": [
            Case(body: ingredientsList + "<h2>Method</h2><p>Boil the water in a large pot, then add the carrots and let them simmer slowly until they are soft all through.</p>"
                     + "<ul><li>Soups</li><li>Winter</li></ul>",
                 ingredients: ["1 l water | 2 carrots"],
                 steps: ["Boil the water in a large pot, then add the carrots and let them simmer slowly until they are soft all through."]),
        ],
        "stepsListEndsIngredientParagraphs": [
            Case(body: "<h2>Ingredients</h2><p>1 l water</p><p>2 carrots</p><ol><li>Boil the water.</li><li>Add the carrots.</li></ol>",
                 ingredients: ["1 l water | 2 carrots"], steps: nil),
        ],
        "notesBegin": [
            Case(body: ingredientsList + "<h2>Method</h2><p>Boil the water.</p><p>Add the carrots.</p><p>Note: it keeps for a week.</p>",
                 ingredients: ["1 l water | 2 carrots"], steps: ["Boil the water.", "Add the carrots."]),
        ],
        "boldTitle": [
            Case(body: "<h2>Ingredients</h2><p><b>For the soup</b></p><p>1 l water<br>2 carrots</p><p><b>To serve</b><br>bread</p>" + method,
                 ingredients: ["For the soup: 1 l water | 2 carrots", "To serve: bread"], steps: ["Boil the water.", "Add the carrots."]),
            // An ingredient written in bold stays an ingredient.
            Case(body: "<h2>Ingredients</h2><p><b>150 g de farine</b></p><p>2 oeufs</p>" + method,
                 ingredients: ["150 g de farine | 2 oeufs"], steps: ["Boil the water.", "Add the carrots."]),
        ],
        "methodTitleParagraph": [
            Case(body: "<h2>Ingredientes</h2><ul><li>1 l de agua</li><li>2 zanahorias</li></ul><p>Preparación:</p><p>Hervir el agua.</p>",
                 ingredients: ["1 l de agua | 2 zanahorias"], steps: ["Hervir el agua."]),
        ],
        "shortLineBetweenLists": [
            Case(body: ingredientsList + "<p>Optional</p><ul><li>a pinch of salt</li></ul>" + method,
                 ingredients: ["1 l water | 2 carrots", "Optional: a pinch of salt"], steps: ["Boil the water.", "Add the carrots."]),
        ],
        "proseEndsIngredients": [
            Case(body: "<h2>Ingredients</h2><p>1 l water</p><p>2 carrots</p><p>" + String(repeating: "Boil the water and add the carrots. ", count: 5) + "</p>",
                 ingredients: ["1 l water | 2 carrots"], steps: [String(repeating: "Boil the water and add the carrots. ", count: 5).trimmingCharacters(in: .whitespaces)]),
        ],
        "advertisementIsSkipped": [
            // An advertisement's slot after the method, its class a camel-case or dashed word
            // "Ad" (America's Test Kitchen's `CompanionAd__Wrapper`, Tandoor's test data): its
            // heading is no section of steps. Words that hold "ad" (`heading`, `bread`) are not it.
            Case(body: ingredientsList + "<h2>Method</h2><div><p>Boil the water.</p><p>Add the carrots.</p></div>"
                    + "<div class=\"CompanionAd__Wrapper recipe-companion-ad\"><h3>FROM OUR SPONSORS</h3><p>We thank the sponsors who make this show possible.</p></div>",
                 ingredients: ["1 l water | 2 carrots"], steps: ["Boil the water.", "Add the carrots."]),
            Case(body: "<div class=\"ad noPrint\"><p>Buy a pan</p></div>" + ingredientsList + method,
                 ingredients: ["1 l water | 2 carrots"], steps: ["Boil the water.", "Add the carrots."]),
            Case(body: "<div class=\"bread-heading\">" + ingredientsList + "</div>" + method,
                 ingredients: ["1 l water | 2 carrots"], steps: ["Boil the water.", "Add the carrots."]),
        ],
        "paragraphIsOneStep": [
            Case(body: ingredientsList + "<h2>Method</h2><p>Boil the water.<br>Add the carrots.</p><p>Serve.</p>",
                 ingredients: ["1 l water | 2 carrots"], steps: ["Boil the water. Add the carrots.", "Serve."]),
        ],
    ]

    @Test(arguments: tables.keys.sorted())
    func eachRuleReadsThePagesOfItsTable(_ rule: String) throws {
        for expected in try #require(Self.tables[rule]) {
            let read = try Self.read(expected.body)
            #expect(read.ingredients == expected.ingredients, "\(rule): \(expected)")
            if let steps = expected.steps { #expect(read.steps == steps, "\(rule): \(expected)") }
        }
    }
}

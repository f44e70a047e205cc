import Foundation
import LarderCore

// What the cookbook templates receive: the Mustache templates of the HTML book, and the Typst
// template of the PDF as `book.json` (the same names, encoded as JSON). Every name here is part
// of the documented template contracts (docs/cookbook-templates.md, docs/pdf.md): rename
// nothing without updating them. The values are plain text; Mustache's `{{name}}` escapes them
// for HTML, and the Typst template places them as strings, so recipe text never becomes markup.

/// The whole book: `cookbook.mustache` renders one of these.
struct CookbookView: Encodable {
    var title: String
    var subtitle: String?
    var date: String
    var recipeCount: Int
    var recipeCountText: String
    var pageSize: String
    /// The paper as Typst names it (`a4`, `us-letter`), for the PDF.
    var paper: String
    var generator: String
    /// The categories, comma-separated, for the document's keywords (PDF metadata).
    var keywords: String
    var categories: [CategoryView]
    var recipes: [RecipeView]
    var hasIndex: Bool
    /// The index at the back, by initial letter.
    var index: [IndexLetterView]
}

/// One heading of the table of contents, with the recipes filed under it.
struct CategoryView: Encodable {
    var categoryName: String
    var anchor: String
    var count: Int
    var entries: [TOCEntryView]
}

struct TOCEntryView: Encodable {
    var title: String
    var anchor: String
    var number: Int
}

/// One recipe: `recipe.mustache` renders one of these, one page (or more) each.
struct RecipeView: Encodable {
    var anchor: String
    var number: Int
    var title: String
    /// The table-of-contents heading it is filed under ("Uncategorized" when it has none).
    var category: String
    /// True for the first recipe under its heading (the PDF's bookmark of the chapter).
    var startsChapter: Bool
    /// The recipe's own first category, nil when it has none.
    var shownCategory: String?
    var cuisine: String?
    var description: String?
    var image: ImageView?
    var hasFacts: Bool
    var facts: [FactView]
    var hasIngredients: Bool
    var ingredientGroups: [IngredientGroupView]
    var hasSteps: Bool
    var instructionSections: [InstructionSectionView]
    var hasNotes: Bool
    var notes: [TextView]
    var hasNutrition: Bool
    var nutrition: [FactView]
    var author: String?
    var source: SourceView?
}

struct ImageView: Encodable {
    var src: String
    var alt: String
}

struct FactView: Encodable {
    var label: String
    var value: String
}

struct IngredientGroupView: Encodable {
    var groupName: String?
    var ingredients: [IngredientView]
}

/// `amount` is the measure the line starts with (empty when it has none), `item` the rest.
struct IngredientView: Encodable {
    var amount: String
    var item: String
    var line: String
}

struct InstructionSectionView: Encodable {
    var sectionName: String?
    var steps: [StepView]
}

struct StepView: Encodable {
    var number: Int
    var stepName: String?
    var text: String
}

struct TextView: Encodable {
    var text: String
}

/// Where the recipe came from: `text` is what is printed (host and path for a web address,
/// without tracking parameters or e-mail addresses), `address` the source as recorded, `href`
/// the link (only for http and https addresses, cleaned the same way), so a `javascript:`
/// source is printed but never linked.
struct SourceView: Encodable {
    var text: String
    var address: String
    var href: String?
}

/// One letter of the index.
struct IndexLetterView: Encodable {
    var letter: String
    var entries: [IndexEntryView]
}

/// A recipe's title (`recipe` set: the entry links to it) or a main ingredient (`recipes`
/// lists the recipes that use it).
struct IndexEntryView: Encodable {
    var term: String
    var recipe: IndexRecipeView?
    var recipes: [IndexRecipeView]
}

struct IndexRecipeView: Encodable {
    var title: String
    var anchor: String
    var number: Int
}

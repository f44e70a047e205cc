import Foundation
import LarderCore

/// What the passes of a scrape share: the page, where it lives, what each source on it said,
/// and the recipe as it stands. Each pass reads what the earlier ones left and fills in what it
/// knows.
struct ScrapeDraft {
    let page: PageIndex
    let context: MappingContext
    /// The address the recipe is filed under (`PageAddress.choose`).
    let pageURL: String?
    /// What relative links resolve against.
    let linkBase: URL?

    /// The recipe of the page's structured data (JSON-LD, microdata, page state), if any.
    var structured: Recipe?
    /// The page's other structured recipes, beside the one `structured` holds, as they were
    /// mapped (a round-up page's, or list stubs and parts of the same recipe: `OtherRecipes`
    /// tells them apart).
    var otherStructured: [Recipe] = []
    /// The sections an article node files the page under ("Baking").
    var articleSections: [String]?
    /// A recipe card read off the markup: a plugin's, else the page's sections.
    var card: RecipeCard?
    /// The recipe as the passes so far made it; nil until a source gave one.
    var recipe: Recipe?
    /// The first limit a source on the page went over (a JSON-LD list of 6,000 lines): the
    /// page fails with it.
    var overLimit: InputLimits.Exceeded?

    var limits: InputLimits { context.limits }

    var document: HTMLDocument { page.document }
    var metadata: PageMetadata { page.metadata }

    /// The structured data gave several ingredient lines and the method: nothing else on the
    /// page needs reading for them.
    var structuredIsComplete: Bool {
        guard let structured else { return false }
        return structured.ingredients.count > 1 && !structured.instructionSections.isEmpty
    }
}

/// One step of a scrape, named for what it reads.
struct ScrapePass: Sendable {
    var name: String
    var run: @Sendable (inout ScrapeDraft) -> Void
}

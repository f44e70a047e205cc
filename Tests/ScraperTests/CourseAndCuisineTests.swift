import Foundation
import LarderCore
import LarderHTML
import Testing

/// Where a page says a recipe's course and cuisine when its markup does not, and what is not
/// a course or cuisine even when marked as one.
struct CourseAndCuisineTests {
    func scrape(_ html: String) throws -> Recipe {
        try RecipeScraper.scrape(html: Data(html.utf8), url: URL(string: "https://example.com/recipe"))
    }

    func jsonLDPage(_ recipe: String, body: String = "", extraBlock: String? = nil) -> String {
        let extra = extraBlock.map { "<script type=\"application/ld+json\">\($0)</script>" } ?? ""
        return """
        <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Scones",
        "recipeIngredient":["225g self-raising flour","75g butter"],"recipeInstructions":["Rub in the butter.","Bake."]\(recipe)}</script>\(extra)</head>
        <body><h1>Scones</h1>\(body)</body></html>
        """
    }

    @Test func labelledCourseAndCuisineFillWhatTheMarkupLeftOut() throws {
        let page = jsonLDPage("", body: """
        <ul class="recipe-details"><li><strong>Cuisine:</strong> British</li><li><strong>Recipe Type:</strong> Baking, Teatime</li></ul>
        """)
        let recipe = try scrape(page)
        #expect(recipe.categories == ["Baking", "Teatime"])
        #expect(recipe.cuisines == ["British"])
    }

    @Test func aLabelAboveItsValueCounts() throws {
        let page = jsonLDPage("", body: """
        <div class="facts"><div><p class="label">Cuisine</p><p>Singaporean</p></div>
        <div><h4>Category</h4><p><a href="/recipe-category/bakery/">Bakery</a></p></div></div>
        """)
        let recipe = try scrape(page)
        #expect(recipe.cuisines == ["Singaporean"])
        #expect(recipe.categories == ["Bakery"])
    }

    @Test func menusAndTagRowsNameNoCuisine() throws {
        let page = jsonLDPage("", body: """
        <nav><ul><li title="Cuisine">Cuisine</li><li><a href="/mexican">Mexican</a></li><li><a href="/thai">Thai</a></li></ul></nav>
        <header><span><span>Cuisine</span><span>News</span><span>Article</span></span></header>
        """)
        let recipe = try scrape(page)
        #expect(recipe.cuisines.isEmpty)
    }

    @Test func theRecipesOwnCategoryWinsOverTheLabelsAndTheBlogSections() throws {
        let page = jsonLDPage(#","recipeCategory":"Dessert""#, body: "<p><strong>Category:</strong> Recipes</p>",
                              extraBlock: #"{"@type":"BlogPosting","articleSection":["Baking"]}"#)
        #expect(try scrape(page).categories == ["Dessert"])
    }

    @Test func aBlogSectionIsTheCourseWhenNothingElseSaysOne() throws {
        let page = jsonLDPage("", extraBlock: #"{"@context":"https://schema.org","@graph":[{"@type":"Article","articleSection":["Uncategorized","Baking"]}]}"#)
        #expect(try scrape(page).categories == ["Baking"])
    }

    @Test func numbersFlagsAndStepsMarkedAsCourseOrCuisineAreDropped() throws {
        let page = jsonLDPage(#","recipeCategory":[21,"Snack"],"recipeCuisine":false"#)
        let recipe = try scrape(page)
        #expect(recipe.categories == ["Snack"])
        #expect(recipe.cuisines.isEmpty)

        let microdata = """
        <html><body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Celery stir-fry</h1>
        <ul><li itemprop="recipeIngredient">1 head celery</li></ul>
        <ol itemprop="recipeCuisine"><li>Finely chop the celery leaves.</li><li>Pour oil in a frying pan and stir-fry the leaves.</li></ol>
        </div></body></html>
        """
        #expect(try scrape(microdata).cuisines.isEmpty)
    }

    @Test func aLinkedWordMarkedAsCuisineIsTheWordNotTheLink() throws {
        let page = """
        <html><body><div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Stamppot</h1>
        <a href="https://example.com/cuisine/european" itemprop="recipeCuisine">European</a>
        <a href="https://example.com/stamppot.jpg" itemprop="image">Photo</a>
        <ul><li itemprop="recipeIngredient">1 kg potatoes</li></ul><ol><li itemprop="recipeInstructions">Boil and mash.</li></ol>
        </div></body></html>
        """
        let recipe = try scrape(page)
        #expect(recipe.cuisines == ["European"])
        #expect(recipe.images.first?.url == "https://example.com/stamppot.jpg")
    }
}

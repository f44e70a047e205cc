import Foundation
import LarderCore
import LarderHTML
import Testing

/// Recipes a page keeps in its JavaScript framework's state instead of JSON-LD, found by their
/// shape.
struct PageStateTests {
    func scrape(_ html: String) throws -> Recipe {
        try RecipeScraper.scrape(html: Data(html.utf8), url: URL(string: "https://example.com/recipes/pancakes"))
    }

    @Test func aRecipeShapedObjectInNextDataIsRead() throws {
        let recipe = try scrape("""
        <html><head><title>Pancakes</title></head><body><div id="__next"></div>
        <script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"menu":[{"title":"Home"}],
        "recipe":{"id":7,"title":"Fluffy pancakes","description":"Weekend breakfast.","servings":"4",
        "image":{"url":"https://cdn.example.com/pancakes.jpg"},
        "ingredientGroups":[{"title":"Batter","items":[{"text":"200 g flour"},{"text":"2 eggs"}]},{"title":"To serve","items":[{"text":"maple syrup"}]}],
        "steps":[{"text":"Whisk the batter."},{"text":"Fry in butter."}]}}}}</script></body></html>
        """)
        #expect(recipe.title == "Fluffy pancakes")
        #expect(recipe.ingredients.map(\.line) == ["200 g flour", "2 eggs", "maple syrup"])
        #expect(recipe.steps.map(\.text) == ["Whisk the batter.", "Fry in butter."])
        #expect(recipe.description == "Weekend breakfast.")
        #expect(recipe.images.first?.url == "https://cdn.example.com/pancakes.jpg")
    }

    @Test func aSchemaRecipeInsideWindowStateIsRead() throws {
        let recipe = try scrape("""
        <html><head><title>Pancakes</title><script>
          window.__INITIAL_STATE__ = {"page":{"seo":{"schema":{"@type":"Recipe","name":"Pancakes",
          "recipeIngredient":["1 cup milk","1 egg"],"recipeInstructions":[{"@type":"HowToStep","text":"Mix."}]}}}};
        </script></head><body></body></html>
        """)
        #expect(recipe.title == "Pancakes")
        #expect(recipe.ingredients.map(\.line) == ["1 cup milk", "1 egg"])
        #expect(recipe.steps.map(\.text) == ["Mix."])
    }

    @Test func aNuxtPayloadIsRevivedAndRead() throws {
        // Nuxt 3 flattens its state: objects hold the indices of their values.
        let recipe = try scrape("""
        <html><head><title>Soup</title></head><body>
        <script type="application/json" id="__NUXT_DATA__" data-ssr="true">[["ShallowReactive",1],{"data":2},{"recipe":3},
        {"name":4,"ingredients":5,"instructions":8},"Tomato soup",[6,7],"1 kg tomatoes","1 onion",[9],"Simmer for 30 minutes."]</script>
        </body></html>
        """)
        #expect(recipe.title == "Tomato soup")
        #expect(recipe.ingredients.map(\.line) == ["1 kg tomatoes", "1 onion"])
        #expect(recipe.steps.map(\.text) == ["Simmer for 30 minutes."])
    }

    /// A Nuxt payload of `count` notes listed before the recipe: each note is an entry of
    /// the table, so the recipe's entries come after all of them.
    func nuxtPage(notesBeforeTheRecipe count: Int) -> String {
        let recipe = count + 4
        var table = [#"["ShallowReactive",1]"#, "[2,3]", "[" + (4..<recipe).map(String.init).joined(separator: ",") + "]",
                     #"{"name":\#(recipe),"ingredients":\#(recipe + 1),"instructions":\#(recipe + 4)}"#]
        table += (0..<count).map { #""note \#($0)""# }
        table += [#""Tomato soup""#, "[\(recipe + 2),\(recipe + 3)]", #""1 kg tomatoes""#, #""1 onion""#, "[\(recipe + 5)]", #""Simmer for 30 minutes.""#]
        return #"<html><head><title>Soup</title></head><body><script type="application/json" id="__NUXT_DATA__">["# + table.joined(separator: ",") + "]</script></body></html>"
    }

    /// The revival stopped after 200,000 values and turned the rest into nulls: a recipe
    /// past them lost its lines, and the page failed as one without a recipe.
    @Test func aNuxtPayloadOfMoreThanTwoHundredThousandValuesIsRevivedWhole() throws {
        let recipe = try scrape(nuxtPage(notesBeforeTheRecipe: 200_100))
        #expect(recipe.title == "Tomato soup")
        #expect(recipe.ingredients.map(\.line) == ["1 kg tomatoes", "1 onion"])
        #expect(recipe.steps.map(\.text) == ["Simmer for 30 minutes."])
    }

    /// A payload that shares a list within a list, level after level, unfolds to 2^60 values
    /// from 60 entries: its search stops, and the page fails naming the limit rather than as
    /// a page without a recipe.
    @Test func aNuxtPayloadThatUnfoldsPastTheLimitFailsNamingIt() throws {
        let table = [#"["ShallowReactive",1]"#] + (1..<60).map { "[\($0 + 1),\($0 + 1)]" } + [#""leaf""#]
        let page = #"<html><head><title>Soup</title></head><body><script type="application/json" id="__NUXT_DATA__">["# + table.joined(separator: ",") + "]</script></body></html>"
        #expect(throws: InputLimits.Exceeded("values in the page's script state (__NUXT_DATA__)", limit: 200_000, per: "page")) {
            try scrape(page)
        }
        let description = InputLimits.Exceeded("values in the page's script state (__NUXT_DATA__)", limit: 200_000, per: "page").description
        #expect(description == "more than 200,000 values in the page's script state (__NUXT_DATA__), Larder's limit per page")
    }

    @Test func inertiaPageStateInDataPageIsRead() throws {
        // Inertia.js mounts on an element whose `data-page` attribute holds the page object as
        // escaped JSON; here the lines are kept in parts (amount, unit, food), as APIs do, and
        // the server left an empty microdata shell for the client to fill.
        let recipe = try scrape(#"""
        <html><head><title>Kitchen</title></head><body>
        <article itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name"></h1><meta itemprop="prepTime" content="PT35M"></article>
        <div id="app" data-page="{&quot;component&quot;:&quot;Recipes/Show&quot;,&quot;props&quot;:{&quot;recipe&quot;:{&quot;title&quot;:&quot;Rye bread&quot;,
        &quot;ingredient_groups&quot;:[{&quot;title&quot;:&quot;Dough&quot;,&quot;ingredients&quot;:[
        {&quot;amount&quot;:500,&quot;unit&quot;:{&quot;name&quot;:&quot;g&quot;},&quot;ingredient&quot;:{&quot;name&quot;:&quot;rye flour&quot;}},
        {&quot;amount&quot;:&quot;1/2&quot;,&quot;unit&quot;:&quot;l&quot;,&quot;ingredient&quot;:&quot;water&quot;},
        {&quot;amount&quot;:null,&quot;unit&quot;:null,&quot;ingredient&quot;:{&quot;name&quot;:&quot;salt&quot;}}]}],
        &quot;instruction_groups&quot;:[{&quot;instructions&quot;:[{&quot;instruction&quot;:&quot;Mix everything.&quot;},{&quot;instruction&quot;:&quot;Bake for an hour.&quot;}]}]}}}"></div>
        </body></html>
        """#)
        #expect(recipe.title == "Rye bread")
        #expect(recipe.ingredients.map(\.line) == ["500 g rye flour", "1/2 l water", "salt"])
        #expect(recipe.steps.map(\.text) == ["Mix everything.", "Bake for an hour."])
    }

    @Test func theMicrodataShellFillsWhatThePageStateLeavesOut() throws {
        // The server renders the recipe's facts as `<meta itemprop>`s and leaves the lists to
        // the client; the state holds the lists but not the yield or the times.
        let recipe = try scrape(#"""
        <html><head><title>Kitchen</title></head><body>
        <article itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Stegt makrel</h1>
        <meta itemprop="recipeYield" content="4"><meta itemprop="prepTime" content="PT35M"><meta itemprop="totalTime" content="PT50M">
        <meta itemprop="recipeCategory" content="Hovedretter"><meta itemprop="author" content="Timm Vladimir"></article>
        <div id="app" data-page="{&quot;component&quot;:&quot;Recipes/Show&quot;,&quot;props&quot;:{&quot;recipe&quot;:{&quot;title&quot;:&quot;Stegt makrel med kartofler&quot;,
        &quot;cooking_time&quot;:&quot;15&quot;,&quot;ingredients&quot;:[&quot;4 makrel&quot;,&quot;1 kg kartofler&quot;],
        &quot;instructions&quot;:[&quot;Steg makrellen.&quot;,&quot;Kog kartoflerne.&quot;]}}}"></div>
        </body></html>
        """#)
        #expect(recipe.title == "Stegt makrel med kartofler")
        #expect(recipe.ingredients.map(\.line) == ["4 makrel", "1 kg kartofler"])
        #expect(recipe.yield?.quantity?.value == 4)
        #expect(recipe.times.prep?.minutes == 35)
        #expect(recipe.times.total?.minutes == 50)
        #expect(recipe.categories == ["Hovedretter"])
        #expect(recipe.provenance.author == "Timm Vladimir")
    }

    @Test func stateWithoutARecipeShapeIsNoRecipe() {
        // A title and a list are not enough: nothing reads like ingredients and steps.
        #expect(throws: ScrapeError.noRecipe) {
            try scrape("""
            <html><head><title>Shop</title></head><body>
            <script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"title":"Shop","products":[{"name":"Pan"},{"name":"Pot"}]}}}</script>
            <script>window.__NUXT__=(function(a,b){return {title:a,steps:[b]}}("x","y"));</script>
            </body></html>
            """)
        }
    }

    @Test func jsonLDWinsOverPageState() throws {
        let recipe = try scrape("""
        <html><head><script type="application/ld+json">{"@type":"Recipe","name":"From JSON-LD","recipeIngredient":["1 egg","1 cup milk"],"recipeInstructions":"Mix."}</script>
        </head><body><script id="__NEXT_DATA__" type="application/json">{"recipe":{"title":"From state","ingredients":["2 eggs","salt"],"steps":["Fry."]}}</script>
        </body></html>
        """)
        #expect(recipe.title == "From JSON-LD")
    }
}

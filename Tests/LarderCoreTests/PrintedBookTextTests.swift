import LarderCore
import Testing

/// What the printed book says about a recipe beyond its own text: the source line and the
/// ingredients the index files it under.
struct PrintedBookTextTests {
    @Test func theSourceIsPrintedAsHostAndPathWithoutTrackingOrAddresses() {
        let shared = "https://www.example.com/recipes/chili/?utm_source=newsletter&utm_medium=email&mc_eid=abc123&fbclid=XYZ&email=joe%40mail.example.org#recipe"
        #expect(PrintedSource.short(shared) == "example.com/recipes/chili")
        #expect(PrintedSource.link(shared) == "https://www.example.com/recipes/chili/")
        // A parameter that names the page stays; an e-mail address in the path or the user part goes.
        #expect(PrintedSource.short("http://blog.example.net/?p=123&utm_campaign=x") == "blog.example.net?p=123")
        #expect(PrintedSource.short("https://example.org/share/jane.doe@mail.example.com/pie") == "example.org/share/pie")
        #expect(PrintedSource.link("https://jane:secret@example.org/pie")?.contains("secret") == false)
        #expect(PrintedSource.short("https://example.org/r/contact=jane@mail.example.com") == "example.org/r")
        // A profile path is not an address; the page's own words are decoded for reading.
        #expect(PrintedSource.short("https://medium.example/@chef/soup-1") == "medium.example/@chef/soup-1")
        #expect(PrintedSource.short("https://www.example.de/rezepte/gyros-vom-drehspie%C3%9F") == "example.de/rezepte/gyros-vom-drehspieß")
        // What is not a web address is printed as written and never linked.
        #expect(PrintedSource.short("Grandma's notebook") == "Grandma's notebook")
        #expect(PrintedSource.short("javascript:alert(1)") == "javascript:alert(1)")
        #expect(PrintedSource.link("javascript:alert(1)") == nil)
    }

    func recipe(_ lines: [Ingredient]) -> Recipe {
        var recipe = Recipe(id: "r", title: "R")
        recipe.ingredientGroups = [IngredientGroup(ingredients: lines)]
        return recipe
    }

    func parsed(_ line: String) -> Ingredient {
        let parsed = IngredientParser.parse(line)
        return Ingredient(line: line, quantity: parsed.quantity, unit: parsed.unit, name: parsed.name, preparation: parsed.comment)
    }

    @Test func theIndexFilesARecipeUnderItsMainIngredientsNotItsStaples() {
        let soup = recipe([
            "2 lbs Yukon Gold potatoes, peeled", "1 large onion, chopped", "3 cups chicken stock", "1 cup heavy cream",
            "2 tablespoons olive oil", "1 teaspoon smoked paprika", "Salt and freshly ground black pepper", "4 cups water",
            "1 tsp kosher salt", "2 tablespoons all-purpose flour", "1/2 cup granulated sugar", "3 tbsp unsalted butter",
            "1 cup all-purpose flour", "½ cup butter, melted", "2 cups cold water", "Parsley, to garnish",
        ].map(parsed))
        let keys = MainIngredients.of(soup).map(\.key)
        #expect(keys == ["yukon gold potato", "onion", "chicken stock", "heavy cream"])
        #expect(MainIngredients.of(soup).map(\.name).prefix(2) == ["Yukon Gold potatoes", "Onion"])
    }

    @Test func theIndexFoldsCaseAccentsPluralsAndHowAThingIsSold() {
        #expect(MainIngredients.key(for: "Tomatoes") == MainIngredients.key(for: "tomato"))
        #expect(MainIngredients.key(for: "Crème Fraîche") == MainIngredients.key(for: "creme fraiche"))
        #expect(MainIngredients.key(for: "boneless skinless chicken thighs") == "chicken thigh")
        #expect(MainIngredients.key(for: "large free-range eggs") == "egg")
        // Red and bell peppers are vegetables; black pepper is seasoning.
        #expect(MainIngredients.isStaple("black pepper"))
        #expect(MainIngredients.isStaple("extra-virgin olive oil"))
        #expect(MainIngredients.isStaple("salt and pepper"))
        #expect(!MainIngredients.isStaple("red bell pepper"))
        #expect(!MainIngredients.isStaple("almond flour"))
        #expect(!MainIngredients.isStaple("sesame seed"))
    }

    @Test func aRecipeWithoutAmountsIsIndexedByItsNamesAndNoiseIsNot() {
        let salad = recipe([Ingredient(line: "lettuce", name: "lettuce"), Ingredient(line: "croutons", name: "Croutons"),
                            Ingredient(line: "salt", name: "salt")])
        #expect(MainIngredients.of(salad).map(\.key) == ["lettuce", "crouton"])
        // A name the parser could not take apart is no heading.
        let french = recipe([Ingredient(line: "à 500 g d'épaule", quantity: Amount(1), name: "à 500 g d'épaule d'agneau"),
                             Ingredient(line: "1 cuill. à café de cannelle en poudre", quantity: Amount(1), name: "cuill. à café de cannelle en poudre"),
                             Ingredient(line: "2 aubergines", quantity: Amount(2), name: "aubergines")])
        // Keyed as the shopping list keys it: aubergines and eggplants are one thing (`SameThingNames`).
        #expect(MainIngredients.of(french).map(\.key) == ["eggplant"])
        #expect(MainIngredients.of(french).map(\.name) == ["Aubergines"])
    }

    /// Lines in other languages, as the parser (which knows English units) names them: the
    /// measure and its "of" are not what the recipe is filed under, and a spoonful is seasoning.
    @Test func theIndexLooksPastMeasuresInOtherLanguages() {
        func line(_ name: String, _ amount: Double = 1) -> Ingredient {
            Ingredient(line: "\(amount) \(name)", quantity: Amount(amount), name: name)
        }
        let lines = [
            line("gramos de panceta ahumada", 150), line("cucharadita de orégano"), line("cucharadas sopera de curry"),
            line("gousse d'ail"), line("gousses d’ail", 2), line("de pruneaux dénoyautés", 100), line("EL Gemüsebrühe"),
            line("Bund Basilikum"), line("cuillère à soupe de cannelle"), line("boneless, skinless chicken breasts", 2),
            line("el zumo de limón"), line("dessert apples", 2),
        ]
        let terms = MainIngredients.of(recipe(lines))
        #expect(terms.map(\.key) == ["panceta ahumada", "ail", "pruneaux", "basilikum", "chicken breast", "el zumo de limon", "dessert apple"])
        #expect(terms.map(\.name).prefix(3) == ["Panceta ahumada", "Ail", "Pruneaux"])
    }
}

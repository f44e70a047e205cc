import Foundation
import LarderCore
import Testing

/// What each mapper leaves unread of another app's file is kept in `extras` under the field's
/// own name and named by `Recipe.unreadFieldNames` (issue 30, item 4); what it reads is not.
struct UnreadFieldsTests {
    let context = MappingContext(input: "test")

    @Test func paprikasDifficultyIsNamedItsBooksAreNot() throws {
        let recipe = try PaprikaMapper.map([
            "name": .string("Soup"), "uid": .string("A-1"), "ingredients": .string("1 cup water"), "directions": .string("Boil."),
            "difficulty": .string("Easy"), "hash": .string("abc"), "photo": .string("A-1.jpg"), "photo_hash": .string("def"),
            "photo_large": .null, "photos": .array([]), "source": .string("Example.com"), "source_url": .string("https://www.example.com/soup"),
            "rating": .number(0), "notes": .string(""),
        ], context: context)
        // `source` only repeats the address's host; empty fields are nothing left behind.
        #expect(recipe.unreadFieldNames == ["difficulty"])
        #expect(recipe.extras["difficulty"] == .string("Easy"))
    }

    @Test func aSourceNameOtherThanTheHostIsKeptAndNamed() throws {
        let recipe = try PaprikaMapper.map([
            "name": .string("Soup"), "ingredients": .string("1 cup water"), "directions": .string("Boil."), "uid": .string("A-1"),
            "source": .string("NYT Cooking"), "source_url": .string("https://cooking.nytimes.com/recipes/1"),
        ], context: context)
        #expect(recipe.unreadFieldNames == ["source"])
    }

    @Test func mealiesToolsAndCommentsAreNamed() throws {
        let recipe = try MealieMapper.map([
            "name": .string("Soup"), "slug": .string("soup"), "id": .string("9"), "orgURL": .string("https://example.com/soup"),
            "recipeIngredient": .array([.object(["note": .string("1 cup water"), "display": .string("1 cup water")])]),
            "tools": .array([.object(["name": .string("Ladle")])]),
            "comments": .array([.object(["text": .string("Lovely"), "user": .object(["username": .string("ann")])])]),
            "settings": .object(["public": .bool(true)]), "isOcrRecipe": .bool(false),
        ], context: context)
        #expect(recipe.unreadFieldNames == ["comments", "tools"])
    }

    /// A MasterCook, Gourmet or KRecipes element no mapper reads is kept as text, not dropped.
    @Test func anXMLElementNoMapperReadsIsKept() throws {
        let description = MarkupNode(name: "krecipes-description", contents: [
            .element(MarkupNode(name: "title", contents: [.text("Soup")])),
            .element(MarkupNode(name: "difficulty", contents: [.text(" hard ")])),
        ])
        let recipe = MarkupNode(name: "krecipes-recipe", contents: [
            .element(description),
            .element(MarkupNode(name: "krecipes-instructions", contents: [.text("Boil it.")])),
            .element(MarkupNode(name: "krecipes-ratings", contents: [.text("5")])),
        ])
        // Each <krecipes-recipe> is mapped on its own as the XML is streamed.
        let read = try KRecipesMapper.elements.map(recipe, context)
        #expect(read.extras["difficulty"] == .string("hard"))
        #expect(read.unreadFieldNames == ["difficulty", "krecipes-ratings"])
    }

    /// JSON-LD's wiring (`@id`, a bare `{"@id": …}` reference) is no field of the recipe.
    @Test func jsonLDWiringIsNotNamed() throws {
        var recipe = Recipe(title: "Soup")
        recipe.extras = ["@id": .string("https://example.com/#recipe"), "isPartOf": .object(["@id": .string("https://example.com/#page")]),
                         "video": .object(["@type": .string("VideoObject"), "name": .string("How to")]), "imageFiles": .array([.string("a.jpg")]),
                         "tool": .array([])]
        #expect(recipe.unreadFieldNames == ["video"])
    }

    /// RecipeSage's export: the source's address in `isBasedOn`, its name in `creditText`, the
    /// notes in an unsigned `comment`; readers' comments on a page stay apart.
    @Test func recipeSagesSourceCreditAndNotesAreRead() throws {
        let object: JSONValue = .object([
            "@context": .string("http://schema.org"), "@type": .string("Recipe"), "name": .string("Soup"),
            "identifier": .string("6f1c"), "creditText": .string("Family notebook"), "isBasedOn": .string("https://example.com/soup"),
            "recipeIngredient": .array([.string("1 cup water")]),
            "comment": .array([
                .object(["@type": .string("Comment"), "name": .string("Author Notes"), "text": .string("Freezes well.")]),
                .object(["@type": .string("Comment"), "author": .object(["name": .string("Ann")]), "text": .string("Yum")]),
            ]),
        ])
        let recipe = try #require(try RecipeJSON.read(object, context: context).first?.result.get())
        #expect(recipe.provenance.sourceURL == "https://example.com/soup")
        #expect(recipe.provenance.author == "Family notebook")
        #expect(recipe.provenance.originalID == "6f1c")
        #expect(recipe.notes == ["Freezes well."])
        #expect(recipe.unreadFieldNames == ["comment"])
        // Written as JSON-LD and read again, the notes come back as notes.
        let again = try #require(try RecipeJSON.read(.object(SchemaOrgWriter.object(for: recipe)), context: context).first?.result.get())
        #expect(again.notes == recipe.notes)
    }

    /// Cooklang front matter nests (`time: {prep, cook}`, `source: {url, author}`,
    /// `nutrition: {protein: 7g}`), as real collections write it; a member nothing reads is
    /// named by its dotted key.
    @Test func nestedCooklangFrontMatterIsRead() throws {
        let text = """
        ---
        title: Tortillas
        time:
          prep: 15 minutes
          rest: 30 minutes
          cook: 20 minutes
        source:
          author: Joshua
          url: https://example.com/tortillas
          youtube: https://www.youtube.com/watch?v=x
        nutrition:
          protein: 2g
          carbs: 16g
        ---

        Mix @flour{346%g} and @water{189%ml}.
        """
        let recipe = try CooklangMapper.recipe(from: text, fileName: "Tortillas", context: context)
        #expect(recipe.times.prep?.minutes == 15 && recipe.times.cook?.minutes == 20)
        // `rest` is no total time.
        #expect(recipe.times.total == nil)
        #expect(recipe.provenance.sourceURL == "https://example.com/tortillas" && recipe.provenance.author == "Joshua")
        #expect(recipe.nutrition == ["proteinContent": "2g", "carbohydrateContent": "16g"])
        #expect(recipe.unreadFieldNames == ["source.youtube", "time.rest"])
    }

    /// Nutrients as Cooklang metadata of their own, in its amount%unit (cooklang/recipes).
    @Test func cooklangMetadataNutrientsAreNutrition() throws {
        let text = ">> servings: 1\n>> produce: 600%g\n>> calories: 230%kkal\n>> protein: 12.8%g\n>> total fat: 6.4%g\n>> total carb.: 22.5%g\n\nBoil @water{300%g}.\n"
        let recipe = try CooklangMapper.recipe(from: text, fileName: "Soup", context: context)
        #expect(recipe.nutrition == ["calories": "230 kkal", "proteinContent": "12.8 g", "fatContent": "6.4 g", "carbohydrateContent": "22.5 g"])
        #expect(recipe.unreadFieldNames == ["produce"])
    }
}

import Foundation
import LarderCore
import Testing

/// Markdown read back: what `MarkdownWriter` writes comes back field for field, Markdown
/// written by hand is read by its headings and lists, and what is no recipe says so.
struct MarkdownRecipeMapperTests {
    func read(_ text: String, fileName: String = "recipe") throws -> Recipe {
        try MarkdownRecipeMapper.recipe(from: text, fileName: fileName, context: MappingContext(input: "test"))
    }

    /// A recipe with every part the Markdown holds, and text Markdown would misread if it
    /// were not escaped.
    static var everything: Recipe {
        var recipe = Recipe(title: "Pie *with* [brackets] & <tags>")
        recipe.id = "pie-with-brackets"
        recipe.description = "A pie.\nWith two lines: # not a heading"
        recipe.provenance.sourceURL = "https://example.com/pie?a=1&b=(2)"
        recipe.provenance.author = "Ann O'Nym"
        recipe.yield = Yield(text: "1 pie (8 slices)", quantity: Amount(8), unit: "slices")
        recipe.times = RecipeTimes(prep: RecipeDuration(minutes: 20), cook: RecipeDuration(minutes: 45.5), total: RecipeDuration(text: "overnight"))
        recipe.categories = ["Dessert", "Baking: sweet"]
        recipe.cuisines = ["British"]
        recipe.tags = ["pie", "#1 favourite"]
        recipe.diets = ["vegetarian"]
        recipe.rating = Rating(value: 4.5)
        recipe.dates.published = Date(timeIntervalSince1970: 1_699_920_000)
        recipe.nutrition = ["calories": "320 kcal", "fatContent": "12 g", "vitaminC": "3 | 4 mg"]
        recipe.notes = ["Chill the dough.\nOr freeze it.", "- not a list", "1. not a step either"]
        recipe.ingredientGroups = [
            IngredientGroup(ingredients: ["0.65 kg potatoes", "-5 °C water", "2 x 3 *cm* strips", "salt & pepper", "1. odd line"].map { Ingredient(line: $0) }),
            IngredientGroup(name: "For the crust: *best*", ingredients: [Ingredient(line: "200 g flour"), Ingredient(line: "&lt; 5 g salt")]),
        ]
        recipe.instructionSections = [
            InstructionSection(steps: [Step(text: "Heat the oven to 200 °C."), Step(text: "Mix.\nThen rest.", name: "Dough **fast**")]),
            InstructionSection(name: "Baking", steps: [Step(text: "Bake 45 min; 1. check at 30.")]),
        ]
        recipe.images = [RecipeImage(url: "https://example.com/pie.jpg"), RecipeImage(url: "https://example.com/slice.jpg")]
        return recipe
    }

    @Test func whatLarderWritesComesBackFieldForField() throws {
        let original = Self.everything
        let back = try read(MarkdownWriter().render(original))
        #expect(back.id == original.id)
        #expect(back.title == original.title)
        #expect(back.description == original.description)
        #expect(back.provenance.sourceURL == original.provenance.sourceURL)
        #expect(back.provenance.author == original.provenance.author)
        #expect(back.provenance.origin == .markdown)
        #expect(back.yield?.text == original.yield?.text)
        #expect(back.times.prep?.minutes == 20)
        #expect(back.times.cook?.minutes == 45.5)
        #expect(back.times.total?.text == "overnight")
        #expect(back.categories == original.categories)
        #expect(back.cuisines == original.cuisines)
        #expect(back.tags == original.tags)
        #expect(back.diets == original.diets)
        #expect(back.rating?.value == 4.5)
        #expect(back.dates.published == original.dates.published)
        #expect(back.nutrition == original.nutrition)
        #expect(back.notes == original.notes)
        #expect(back.ingredientGroups.map(\.name) == original.ingredientGroups.map(\.name))
        #expect(back.ingredients.map(\.line) == original.ingredients.map(\.line))
        #expect(back.instructionSections.map(\.name) == original.instructionSections.map(\.name))
        #expect(back.steps == original.steps)
        #expect(back.images.map(\.url) == original.images.map(\.url))
        #expect(back.extras.isEmpty, "\(back.extras)")
    }

    @Test func aLeadingDecimalIsWrittenWithoutABackslash() {
        let text = MarkdownWriter().render(Self.everything)
        #expect(text.contains("\n- 0.65 kg potatoes\n"))
        #expect(text.contains("\n- -5 °C water\n"))
        #expect(text.contains("\n- 1\\. odd line\n"))
    }

    @Test func handWrittenMarkdownIsReadByItsHeadingsAndLists() throws {
        let text = """
        # Lemon Bars

        Bright and *sharp*, from my aunt's card.
        Serves a crowd.

        **Serves:** 16 · **Prep time:** 20 minutes

        ## Ingredients

        ### For the crust
        * 1 cup flour
        * 1/2 cup butter, [softened](https://example.com/how)

        ### For the filling
        1. 2 eggs
        2. 1 cup sugar

        ## Method

        1. Press the crust into the pan
           and bake it 15 minutes.
        2. Whisk the filling.

        3. Pour and bake again.

        ## Tips

        Dust with sugar.

        ## Story

        My aunt baked these every summer.
        """
        let recipe = try read(text, fileName: "lemon-bars")
        #expect(recipe.title == "Lemon Bars")
        #expect(recipe.description == "Bright and *sharp*, from my aunt's card. Serves a crowd.")
        #expect(recipe.yield?.quantity?.value == 16)
        #expect(recipe.times.prep?.minutes == 20)
        #expect(recipe.ingredientGroups.map(\.name) == ["For the crust", "For the filling"])
        #expect(recipe.ingredients.map(\.line) == ["1 cup flour", "1/2 cup butter, softened", "2 eggs", "1 cup sugar"])
        #expect(recipe.steps.map(\.text) == ["Press the crust into the pan and bake it 15 minutes.", "Whisk the filling.", "Pour and bake again."])
        #expect(recipe.notes == ["Dust with sugar.", "Story\nMy aunt baked these every summer."])
    }

    @Test func germanHeadingsWithoutFrontMatterOrListMarks() throws {
        let text = """
        Kartoffelsalat
        ==============

        Zutaten für 4 Personen
        ----------------------

        1 kg Kartoffeln
        1 Zwiebel

        Zubereitung
        -----------

        Kartoffeln kochen und pellen.

        Zwiebel würfeln, alles mischen.
        """
        let recipe = try read(text)
        #expect(recipe.title == "Kartoffelsalat")
        #expect(recipe.ingredients.map(\.line) == ["1 kg Kartoffeln", "1 Zwiebel"])
        #expect(recipe.steps.map(\.text) == ["Kartoffeln kochen und pellen.", "Zwiebel würfeln, alles mischen."])
        #expect(recipe.yield?.quantity?.value == 4)
    }

    @Test func aMarkdownFileThatIsNoRecipeSaysSo() {
        let readme = "# My cookbook\n\nThese are my recipes. See [the index](index.md).\n\n## Licence\n\nCC-BY.\n"
        #expect(!MarkdownRecipeMapper.looksLikeRecipe(readme))
        #expect(throws: MappingError.noRecipe("a Markdown file with no ingredient list and no steps (no heading such as \"Ingredients\" or \"Instructions\")")) {
            try read(readme)
        }
        #expect(!MarkdownRecipeMapper.isContentsPage(readme))
    }

    @Test func aContentsPageIsToldFromARecipe() {
        let index = "# Recipes\n\n2 recipes.\n\n## Dessert (2)\n\n### British (1)\n\n- [Pie](<pie.md>)\n- [Tart](tart.md)\n"
        #expect(MarkdownRecipeMapper.isContentsPage(index))
        #expect(!MarkdownRecipeMapper.isContentsPage(MarkdownWriter().render(Self.everything)))
        // An empty file links to nothing: it is no contents page (reading it says what it lacks).
        #expect(!MarkdownRecipeMapper.isContentsPage("\n\n# Empty\n"))
    }

    @Test func chowdownFrontMatterIsNotTakenForThisFormat() {
        let chowdown = "---\ntitle: Okra\ningredients:\n- okra\ndirections:\n- roast\n---\n\nRoasted.\n"
        #expect(!MarkdownRecipeMapper.looksLikeRecipe(chowdown))
        #expect(MarkdownRecipeMapper.looksLikeRecipe(MarkdownWriter().render(Self.everything)))
    }

    /// A picture named by a path outside the file's folder, or by an address of another
    /// scheme, is never a picture to open: it is kept as text.
    @Test func picturePathsOutsideTheFolderAreKeptAsTextOnly() throws {
        let text = """
        ---
        title: "Trap"
        id: "trap"
        images: ["../../secret.png", "/etc/passwd", "file:///etc/shadow", "images/a/../../../up.png", "images/trap/1.png", "https://example.com/ok.jpg"]
        ---

        # Trap

        ## Ingredients

        - 1 egg
        """
        let recipe = try read(text)
        #expect(recipe.images.map(\.url) == ["images/trap/1.png", "https://example.com/ok.jpg"])
        #expect(recipe.extras["imageFiles"] == .array(["../../secret.png", "/etc/passwd", "file:///etc/shadow", "images/a/../../../up.png"].map(JSONValue.string)))
        #expect(MarkdownRecipeMapper.pictureFiles(in: text) == ["images/trap/1.png"])
    }

    @Test func brokenFrontMatterFailsWithItsLine() {
        #expect(throws: MappingError.self) { try read("---\ntitle: [unclosed\n---\n\n## Ingredients\n\n- egg\n") }
    }

    /// A note of several paragraphs was written as one (its blank lines dropped) and came back
    /// as one paragraph; now each note keeps its paragraphs and the notes stay apart.
    @Test func aNotesParagraphsComeBackAsTheyWere() throws {
        var recipe = Recipe(title: "Bread")
        recipe.ingredientGroups = [IngredientGroup(ingredients: [Ingredient(line: "500 g flour")])]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Knead.")])]
        recipe.notes = ["Keeps for three days.\n\nFreezes well:\nwrap it first.", "Use strong flour."]
        let text = MarkdownWriter().render(recipe)
        #expect(text.contains("Keeps for three days.\n\nFreezes well:\\\nwrap it first."), "\(text)")
        let back = try read(text)
        #expect(back.notes == recipe.notes, "\(text)")
        // Notes of one paragraph each are written as before, one paragraph per note.
        recipe.notes = ["Keeps for three days.", "Use strong flour."]
        let plain = MarkdownWriter().render(recipe)
        #expect(plain.contains("## Notes\n\nKeeps for three days.\n\nUse strong flour.\n"), "\(plain)")
        #expect(try read(plain).notes == recipe.notes)
    }
}


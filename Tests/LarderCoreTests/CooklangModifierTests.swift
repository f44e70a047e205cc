import LarderCore
import Testing

/// cooklang-rs's modifiers (`@-salt`, `@&flour`, `@?thyme`, `@@tomato sauce`, `@&(~1)dough`),
/// which real collections use (stephendolan/recipes), are read as what they mean: the step reads
/// "Heat vegetable oil", not "Heat -vegetable oil", and a reference adds no second line.
struct CooklangModifierTests {
    func recipe(_ text: String) throws -> Recipe {
        try CooklangMapper.recipe(from: text, fileName: "modifiers", context: MappingContext(input: "modifiers.cook"))
    }

    var lines: (Recipe) -> [String] { { $0.ingredientGroups.flatMap(\.ingredients).map(\.line) } }
    var steps: (Recipe) -> [String] { { $0.instructionSections.flatMap(\.steps).map(\.text) } }

    @Test func modifiersAreReadNotKeptInTheText() throws {
        let read = try recipe("""
        Heat @-vegetable oil{2%tbsp} in a pan. Add @onion{1} and fry.

        Stir in @&onion{} and @@tomato sauce{200%ml}, then season with @?thyme{}.
        """)
        #expect(steps(read) == ["Heat vegetable oil in a pan. Add onion and fry.", "Stir in onion and tomato sauce, then season with thyme."])
        #expect(lines(read) == ["2 tbsp vegetable oil", "1 onion", "200 ml tomato sauce", "thyme, optional"])
    }

    @Test func aReferenceToAnEarlierStepIsNoLine() throws {
        let read = try recipe("""
        Mix @flour{200%g} and @water{120%ml} into a dough.

        Let the @&(~1)dough{} rest for ~{1%hour}.
        """)
        #expect(steps(read).last == "Let the dough rest for 1 hour.")
        #expect(!lines(read).contains { $0.contains("dough") }, "\(lines(read))")
    }

    /// The same modifiers written before the sign, as collections in the wild do (`-@salt{}`,
    /// `?@sour cream{1%dollop}`); a dash inside a word stays (`sugar-@free` is no modifier).
    @Test func modifiersWrittenBeforeTheSignAreReadToo() throws {
        let read = try recipe("Fry in -@cooking oil{1%tbsp}, season with -@salt{} and top with ?@sour cream{1%dollop}.")
        #expect(steps(read) == ["Fry in cooking oil, season with salt and top with sour cream."])
        #expect(lines(read) == ["1 tbsp cooking oil", "salt", "1 dollop sour cream, optional"])
        let referenced = try recipe("Whisk @flour{200%g} and @milk{300%ml} into a batter.\n\nPour &batter into the pan. Salt & pepper, &amp; serve.")
        #expect(steps(referenced).last == "Pour batter into the pan. Salt & pepper, & serve.")
    }

    /// A sign followed by white space, or a dash in a word, is text.
    @Test func aSignBeforeSpaceStaysText() throws {
        let read = try recipe("Add @salt{1%tsp} - not more - and a @- of love.")
        #expect(lines(read) == ["1 tsp salt"])
    }
}

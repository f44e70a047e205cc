import Foundation
import LarderCore
import LarderKit
import Testing
import TestSupport

/// Amounts as other apps' files structure them, read as the amounts they are: KRecipes' ranges
/// (`<min>`, `<max>`) and substitutes (found by a new-user trial on KDE/krecipes' own test file,
/// where 0.75-1 cup became 0.751 and 2-3 dozen became 23 dozen, 276 servings).
struct AppAmountTests {
    static let kreml = """
        <?xml version="1.0" encoding="UTF-8" ?>
        <krecipes version="2.0" lang="en" xmlns="http://krecipes.sourceforge.net/krecipes">
        <krecipes-recipe id="1">
        <krecipes-description><title>Peanut cookies</title>
        <yield><amount><min>2</min><max>3</max></amount><type>dozen</type></yield></krecipes-description>
        <krecipes-ingredients>
        <ingredient><name>granulated sugar</name><amount><min>0.75</min><max>1</max></amount><unit>c.</unit></ingredient>
        <ingredient><name>butter</name><amount>1</amount><unit>cup</unit><prep>softened</prep>
          <substitutes><ingredient><name>shortening</name><amount>1</amount><unit>cup</unit></ingredient>
          <ingredient><name>margarine</name><amount><min>0.5</min><max>1</max></amount><unit>cup</unit></ingredient></substitutes></ingredient>
        </krecipes-ingredients>
        <krecipes-instructions>Mix and bake.</krecipes-instructions>
        </krecipes-recipe></krecipes>
        """

    @Test func krecipesRangesAndSubstitutesAreKept() async throws {
        let scratch = try ScratchFolder()
        let file = scratch.path("cookies.kreml")
        try Data(Self.kreml.utf8).write(to: file)
        let recipe = try #require(try await readAll(file.path).first?.recipe)
        // Two to three dozen: 24 to 36, the words kept.
        #expect(recipe.yield?.quantity == Amount(24, upper: 36))
        #expect(recipe.yield?.text == "2-3 dozen")
        let sugar = try #require(recipe.ingredients.first)
        #expect(sugar.quantity == Amount(0.75, upper: 1))
        #expect(sugar.name == "granulated sugar")
        let butter = try #require(recipe.ingredients.last)
        #expect(butter.line == "1 cup butter, softened, or 1 cup shortening, or 0.5-1 cup margarine")
        #expect(butter.name == "butter")
    }
}

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

extension AppAmountTests {
    static let mx2 = """
        <?xml version="1.0" standalone="yes" encoding="ISO-8859-1"?>
        <mx2 source="KRecipes" date="2006-09-18">
        <Summ><Nam>Peanut cookies</Nam></Summ>
        <RcpE name="Peanut cookies" author="Unknown">
        <Serv qty="24"/>
        <IngR name="granulated sugar" unit="c." qty="0.75 1" code="I"><INtI></INtI><IPrp></IPrp></IngR>
        <IngR name="brown sugar" unit="c." qty="3/4 1" code="I"><INtI></INtI><IPrp></IPrp></IngR>
        <IngR name="flour" unit="c." qty="1 1/2" code="I"><INtI></INtI><IPrp></IPrp></IngR>
        <DirS><DirT>Mix and bake.</DirT></DirS>
        <Desc>Chewy, and quick to make</Desc>
        <Srce>Grandma's recipe box</Srce>
        </RcpE></mx2>
        """

    /// MasterCook's `qty` with a range in it as KRecipes writes one (`3/4 1` was 3/41, `0.75 1`
    /// was 0.751), a mixed number still one number; its description and source are read.
    @Test func masterCookRangesDescriptionAndSourceAreRead() async throws {
        let scratch = try ScratchFolder()
        let file = scratch.path("cookies.mx2")
        try Data(Self.mx2.utf8).write(to: file)
        let recipe = try #require(try await readAll(file.path).first?.recipe)
        #expect(recipe.ingredients.map(\.quantity) == [Amount(0.75, upper: 1), Amount(0.75, upper: 1), Amount(1.5)])
        #expect(recipe.ingredients.map(\.line) == ["3/4-1 c. granulated sugar", "3/4-1 c. brown sugar", "1 1/2 c. flour"])
        #expect(recipe.description == "Chewy, and quick to make")
        #expect(recipe.provenance.site == "Grandma's recipe box")
    }
}

import Foundation
import LarderArchive
import LarderCore
import LarderKit
import Testing
import TestSupport

/// The CSV, XML and HTML exports of other apps: a bad recipe fails alone with where and why,
/// and hostile content (external entities, entity bombs, picture paths leading out) gets
/// nowhere.
struct OtherFormatBadInputTests {
    @Test func aCSVFileCutInsideAQuotedCellKeepsTheRowsBefore() async throws {
        let scratch = try ScratchFolder()
        let csv = "Title,Ingredients,Directions\nSoup,\"1 onion\n1 l water\",Boil.\nTea,\"1 bag tea\",\"Steep\nthen drink"
        try Data(csv.utf8).write(to: scratch.path("cut.csv"))
        let outcomes = try await readAll(scratch.path("cut.csv").path)
        #expect(outcomes.count == 2)
        #expect(outcomes.first?.recipe?.title == "Soup")
        #expect(outcomes.first?.recipe?.ingredients.map(\.line) == ["1 onion", "1 l water"])
        #expect(outcomes.last?.failure?.contains("line 4") == true && outcomes.last?.failure?.contains("cut short") == true,
                "\(outcomes.last?.failure ?? "")")
    }

    @Test func aCSVRowWithoutATitleFailsAloneNamingItsLine() async throws {
        let scratch = try ScratchFolder()
        try Data("name;ingredients;instructions\nPancakes;2 eggs;Fry.\n;1 cup flour;Mix.\n".utf8).write(to: scratch.path("rows.txt"))
        let outcomes = try await readAll(scratch.path("rows.txt").path)
        #expect(outcomes.count == 2)
        #expect(outcomes[0].recipe?.title == "Pancakes")
        #expect(outcomes[1].item?.contains("line 3") == true, "\(outcomes[1].item ?? "")")
        #expect(outcomes[1].failure?.contains("title") == true)
    }

    @Test func aMasterCookFileCutInsideARecipeKeepsTheRecipesBeforeIt() async throws {
        let scratch = try ScratchFolder()
        let whole = try Fixtures.data("formats/other/athenos-first-3.mx2")
        let third = try #require(whole.range(of: Data("<RcpE name=\"Asian".utf8)))
        try whole.prefix(third.upperBound + 400).write(to: scratch.path("cut.mx2"))
        let outcomes = try await readAll(scratch.path("cut.mx2").path)
        #expect(outcomes.compactMap(\.recipe?.title) == ["5 Layer Mediterranean Dip", "Almost Risotto"])
        let failed = outcomes.filter { $0.failure != nil }
        #expect(failed.count == 1)
        #expect(failed.first?.item?.contains("Asian Honey BBQ") == true, "\(failed.first?.item ?? "")")
        #expect(failed.first?.failure?.contains("breaks inside this recipe") == true, "\(failed.first?.failure ?? "")")
        // The Latin-1 file is read as Latin-1, whatever order its declaration is in.
        #expect(outcomes.first?.recipe?.ingredients.first?.line == "1 fresh jalapeño pepper")
    }

    @Test func externalEntitiesAreNeverLoadedAndEntityBombsNeverExpand() async throws {
        let scratch = try ScratchFolder()
        let secret = scratch.path("secret.txt")
        try Data("TOP SECRET".utf8).write(to: secret)
        let external = """
        <?xml version="1.0"?>
        <!DOCTYPE gourmetDoc [<!ENTITY leak SYSTEM "file://\(secret.path)">]>
        <gourmetDoc><recipe><title>Soup &leak;</title><instructions>Boil &leak;.</instructions></recipe></gourmetDoc>
        """
        try Data(external.utf8).write(to: scratch.path("leak.grmt"))
        var bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE gourmetDoc [<!ENTITY a0 \"lol\">"
        for level in 1...12 { bomb += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">" }
        bomb += "]>\n<gourmetDoc><recipe><title>Bomb</title><instructions>&a12;</instructions></recipe></gourmetDoc>"
        try Data(bomb.utf8).write(to: scratch.path("bomb.grmt"))

        let leak = try await readAll(scratch.path("leak.grmt").path)
        #expect(leak.count == 1)
        #expect(leak.first?.recipe?.title == "Soup")
        #expect(leak.first?.recipe?.steps.map(\.text) == ["Boil ."])
        let boom = try await readAll(scratch.path("bomb.grmt").path)
        // The DTD inside the file is never read (XMLPrologue): the reference is left out like
        // any other, and nothing expands.
        #expect(boom.count == 1)
        #expect(boom.first?.item == "Bomb")
        #expect(boom.first?.recipe?.title == "Bomb", "\(boom.first?.failure ?? "")")
        #expect(boom.first?.recipe?.steps.isEmpty == true)
    }

    /// Issue 21: one 100 KB entity named 2,000 times in `RcpE name="…"` became a 200 MB title.
    /// Attribute values are read like element text: entity references are left out, never expanded.
    @Test func entitiesInAttributesAreNeverExpanded() async throws {
        let scratch = try ScratchFolder()
        let body = String(repeating: "x", count: 10_000)
        let uses = String(repeating: "&big;", count: 200)
        let xml = """
        <?xml version="1.0"?>
        <!DOCTYPE mx2 [<!ENTITY big "\(body)">]>
        <mx2><RcpE name="Soup \(uses)" author="&big;"><IngR name="1 cup &big;flour"/><DirS><DirT>Boil.</DirT></DirS></RcpE></mx2>
        """
        try Data(xml.utf8).write(to: scratch.path("attributes.mx2"))
        let outcomes = try await readAll(scratch.path("attributes.mx2").path)
        #expect(outcomes.count == 1)
        let recipe = try #require(outcomes.first?.recipe, "\(outcomes.first?.failure ?? "")")
        #expect(recipe.title == "Soup")
        #expect(recipe.provenance.author == nil)
        #expect(recipe.ingredients.map(\.line) == ["1 cup flour"])
    }

    @Test func anXMLFileOfNoKnownAppFailsNamingItsRoot() async throws {
        let scratch = try ScratchFolder()
        try Data("<?xml version=\"1.0\"?><cookbook><dish/></cookbook>".utf8).write(to: scratch.path("book.xml"))
        let outcomes = try await readAll(scratch.path("book.xml").path)
        #expect(outcomes.count == 1)
        #expect(outcomes.first?.failure?.contains("<cookbook>") == true, "\(outcomes.first?.failure ?? "")")
    }

    @Test func aCopyMeThatPicturePathCannotReachOutsideTheExport() async throws {
        let scratch = try ScratchFolder()
        let page = """
        <html><head><meta name="copymethat_class_id_version" content="2"></head><body>
        <div class="recipe"><div id="name">Toast</div>
        <img class="recipeImage" src="../outside.jpg">
        <ul id="recipeIngredients"><li class="recipeIngredient">1 slice bread</li></ul>
        <ol id="recipeInstructions"><li class="instruction">Toast it.</li></ol></div>
        <div class="recipe"><div id="name">Jam toast</div>
        <img class="recipeImage" src="images/jam.jpg">
        <ul id="recipeIngredients"><li class="recipeIngredient_subheader">Base</li><li class="recipeIngredient">1 slice bread</li>
        <li class="recipeIngredient_subheader">Topping</li><li class="recipeIngredient">1 tbsp jam</li></ul>
        <ol id="recipeInstructions"><li class="instruction">Spread.</li></ol></div></body></html>
        """
        let jpeg = try Fixtures.data("formats/nextcloud/Recipes/Air Fryer Shrimp/full.jpg")
        let zip = scratch.path("export.zip")
        let writer = try ArchiveWriter(path: zip.path, format: .zip)
        try writer.addFile("outside.jpg", contents: jpeg)
        try writer.addFile("images/jam.jpg", contents: jpeg)
        try writer.addFile("recipes.html", contents: Data(page.utf8))
        try writer.close()

        let outcomes = try await readAll(zip.path)
        #expect(outcomes.compactMap(\.recipe?.title) == ["Toast", "Jam toast"])
        let toast = try #require(outcomes.first?.recipe)
        #expect(toast.images.isEmpty)
        #expect(toast.extras["imageFiles"] == .array([.string("../outside.jpg")]))
        let jam = try #require(outcomes.compactMap(\.recipe).last)
        // The picture no recipe may reach is reported, not dropped.
        #expect(outcomes.contains { $0.item == "outside.jpg" && $0.skipped == "a picture no recipe in this folder names" })
        #expect(jam.images.first?.embeddedData == [UInt8](jpeg))
        #expect(jam.ingredientGroups.map(\.name) == ["Base", "Topping"])
    }
}

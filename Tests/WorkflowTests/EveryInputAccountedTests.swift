import Foundation
import Testing
import TestSupport

/// Inputs a tester found dropped without a word (new-user findings, round 2): every one must
/// end as imported, skipped with why, or failed with why.
@Suite struct EveryInputAccountedTests {
    static func recipe(_ name: String, _ ingredients: [String], _ steps: [String] = ["Blend."]) -> String {
        let object: [String: Any] = ["@type": "Recipe", "name": name, "recipeIngredient": ingredients, "recipeInstructions": steps]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A recipe with a title and neither ingredients nor instructions (a Mealie backup read
    /// from its `recipes` table alone gave 218 of them, "218 imported") is skipped with why,
    /// from any importer: a schema.org object, an app's, Mealie's. The one with ingredients
    /// beside them comes in.
    @Test func aRecipeWithNothingToCookFromIsSkippedWithWhy() async throws {
        let work = try Workspace()
        try work.write("""
            {"@context": "https://schema.org", "@type": "Recipe", "name": "Title Only", "recipeIngredient": [], "recipeInstructions": []}
            """, to: "in/schema.json")
        try work.write("""
            [{"title": "Empty App Recipe", "ingredients": [], "directions": ""},
             {"name": "Mealie Stub", "slug": "mealie-stub", "org_url": null, "recipe_ingredient": [], "recipe_instructions": []},
             {"title": "Toast", "ingredients": ["1 slice bread"]}]
            """, to: "in/apps.json")
        let run = try await work.run(["import", work.path("in"), "--library", work.path("lib")])
        #expect(run.output.contains("1 imported, 3 skipped"), "\(run)")
        #expect(try work.library("lib").recipes().map(\.title) == ["Toast"])
        let skipped = try work.library("lib").report().entries("skipped")
        #expect(skipped.count == 3 && skipped.allSatisfy { $0.reason?.contains("neither ingredients nor instructions") == true },
                "\(skipped.map { $0.reason ?? "" })")
        #expect(run.errors.contains("neither ingredients nor instructions"), "\(run.errors)")
    }

    /// A round-up page: two recipes in one `@graph` beside a WebPage node, a third in a block
    /// of its own. Red and Spicy Red share most lines, as variations on a page do.
    static let roundUp = """
        <html><head><title>Three sauces</title>
        <script type="application/ld+json">{"@context": "https://schema.org", "@graph": [{"@type": "WebPage", "name": "Three sauces"},
        \(recipe("Red Sauce", ["1 can tomatoes", "1 onion", "2 cloves garlic", "1 tbsp olive oil"], ["Simmer."])),
        \(recipe("Spicy Red Sauce", ["1 can tomatoes", "1 onion", "2 cloves garlic", "1 tbsp olive oil", "1 chili"], ["Simmer."]))]}</script>
        <script type="application/ld+json">\(recipe("Pink Sauce", ["1 beet", "200 g yogurt"]))</script>
        </head><body><h1>Three sauces</h1></body></html>
        """

    /// Each recipe of a page is imported, with a report entry and an id of its own, from a
    /// saved page and from the same page served; a second run fetches nothing and stores no
    /// copy; `larder scrape` prints all of them. (Only the one with most ingredients was kept,
    /// and the run said "1 imported".)
    @Test func everyRecipeOfARoundUpPageIsImported() async throws {
        let work = try Workspace()
        try work.write(Self.roundUp, to: "site/sauces.html")
        let titles: Set = ["Red Sauce", "Spicy Red Sauce", "Pink Sauce"]

        let saved = try await work.run(["import", work.path("site/sauces.html"), "--library", work.path("saved")])
        #expect(saved.output.contains("3 imported, 0 skipped, 0 failed"), "\(saved)")
        let fromFile = try work.library("saved").recipes()
        #expect(Set(fromFile.map(\.title)) == titles)
        #expect(Set(fromFile.map(\.id)).count == 3)
        #expect(Set(try work.library("saved").report().entries("imported").compactMap(\.item)) == titles)

        let server = try await LocalServer(files: work.scratch.path("site"))
        let address = server.url("/files/sauces.html").absoluteString
        let served = try await work.run(["import", address, "--library", work.path("web")])
        #expect(served.output.contains("3 imported, 0 skipped, 0 failed"), "\(served)")
        let fromWeb = try work.library("web").recipes()
        #expect(Set(fromWeb.map(\.title)) == titles)
        #expect(Set(fromWeb.map(\.id)).count == 3)
        #expect(Set(fromWeb.compactMap(\.provenance.sourceURL)).count == 1)

        let again = try await work.run(["import", address, "--library", work.path("web")])
        #expect(again.output.contains("0 imported"), "\(again)")
        #expect(try work.library("web").recipes().count == 3)
        #expect(try work.library("web").report().entries.allSatisfy { $0.status == "skipped" })

        let scrape = try await work.run(["scrape", work.path("site/sauces.html"), "--format", "markdown"])
        for title in titles { #expect(scrape.output.contains("# \(title)"), "\(scrape.output)") }
        #expect(scrape.errors.contains("holds 3 recipes"), "\(scrape.errors)")
    }

    /// The same for a page whose recipes are schema.org microdata items side by side: each is
    /// imported with an entry and an id of its own, a second run skips the page, and `scrape`
    /// prints each. A Recipe item nested inside another's is a part of it, not a recipe of the
    /// page. (Only the first item was read: "1 imported".)
    @Test func everyMicrodataRecipeOfARoundUpPageIsImported() async throws {
        let work = try Workspace()
        try work.write(String(decoding: try Fixtures.data("workflow/microdata-round-up.html"), as: UTF8.self), to: "site/soups.html")
        let titles: Set = ["Tomato Soup", "Lentil Soup", "Pea Soup"]

        let saved = try await work.run(["import", work.path("site/soups.html"), "--library", work.path("saved")])
        #expect(saved.output.contains("3 imported, 0 skipped, 0 failed"), "\(saved)")
        let fromFile = try work.library("saved").recipes()
        #expect(Set(fromFile.map(\.title)) == titles)
        #expect(Set(fromFile.map(\.id)).count == 3)
        #expect(Set(try work.library("saved").report().entries("imported").compactMap(\.item)) == titles)
        let tomato = try #require(fromFile.first { $0.title == "Tomato Soup" })
        #expect(tomato.ingredients.map(\.line) == ["800 g canned tomatoes", "1 onion, chopped", "500 ml vegetable stock"])
        #expect(tomato.steps.count == 2)

        let server = try await LocalServer(files: work.scratch.path("site"))
        let address = server.url("/files/soups.html").absoluteString
        let served = try await work.run(["import", address, "--library", work.path("web")])
        #expect(served.output.contains("3 imported, 0 skipped, 0 failed"), "\(served)")
        #expect(Set(try work.library("web").recipes().map(\.title)) == titles)
        let again = try await work.run(["import", address, "--library", work.path("web")])
        #expect(again.output.contains("0 imported"), "\(again)")
        #expect(try work.library("web").recipes().count == 3)
        #expect(try work.library("web").report().entries.allSatisfy { $0.status == "skipped" })

        let scrape = try await work.run(["scrape", work.path("site/soups.html"), "--format", "markdown"])
        for title in titles { #expect(scrape.output.contains("# \(title)"), "\(scrape.output)") }
        #expect(!scrape.output.contains("# Spiced Oil"), "\(scrape.output)")
        #expect(scrape.errors.contains("holds 3 recipes"), "\(scrape.errors)")
    }

    /// One recipe written over two blocks (the same name twice), and a list page's stubs (a
    /// name and a link), stay one recipe.
    @Test func aRecipeSplitOverBlocksStaysOne() async throws {
        let work = try Workspace()
        try work.write("""
            <html><head><script type="application/ld+json">\(Self.recipe("Stew", ["1 kg beef", "2 onions"], ["Brown.", "Simmer."]))</script>
            <script type="application/ld+json">{"@type": "Recipe", "name": "Stew", "recipeInstructions": ["Brown.", "Simmer."]}</script>
            <script type="application/ld+json">{"@type": "ItemList", "itemListElement": [{"@type": "Recipe", "name": "Curry", "url": "https://example.com/curry"},
            {"@type": "Recipe", "name": "Pie", "url": "https://example.com/pie"}]}</script></head><body></body></html>
            """, to: "stew.html")
        let outcome = try await work.run(["import", work.path("stew.html"), "--library", work.path("lib")])
        #expect(outcome.output.contains("1 imported, 0 skipped, 0 failed"), "\(outcome)")
        #expect(try work.library("lib").recipes().map(\.title) == ["Stew"])
    }

    /// A CSV row with more filled cells than the header fails alone, saying why; empty cells
    /// past the header lose nothing. (The extra cells were dropped: Toast's step lost
    /// "then butter it".)
    @Test func aCSVRowThatDoesNotFitItsHeaderFailsAlone() async throws {
        let work = try Workspace()
        try work.write("Title,Ingredients,Directions\nToast,bread,Toast the bread, then butter it, and serve\nTea,1 tea bag,Steep\nJam,fruit,Boil,,\n", to: "extra.csv")
        let extra = try await work.run(["import", work.path("extra.csv"), "--library", work.path("a")], expecting: [1])
        #expect(extra.output.contains("2 imported, 0 skipped, 1 failed"), "\(extra)")
        let failed = try #require(try work.library("a").report().entries("failed").first)
        #expect(failed.reason?.contains("has 5 cells, the header names 3") == true, "\(failed)")
        #expect(Set(try work.library("a").recipes().map(\.title)) == ["Tea", "Jam"])
    }

    /// A quote left open fails the row it opens in, naming its line: the rows it ran into were
    /// read as that row's cells, and those past the header's were dropped without a word.
    @Test func aCSVQuoteLeftOpenFailsItsRowNamingTheLine() async throws {
        let work = try Workspace()
        try work.write("Title,Ingredients,Directions\n\"Broken row\",\"1 egg\n\"Toast\",\"bread\",\"toast it\"\nTea,1 tea bag,Steep\n", to: "quote.csv")
        let quote = try await work.run(["import", work.path("quote.csv"), "--library", work.path("b")], expecting: [1])
        #expect(quote.output.contains("1 imported, 0 skipped, 1 failed"), "\(quote)")
        let broken = try #require(try work.library("b").report().entries("failed").first)
        #expect(broken.reason?.contains("opens a cell on line 2") == true, "\(broken)")
    }

    /// Links and pipes inside a plain tar (or zip) of recipe files are listed as skipped, with
    /// why, and never followed. (They were left out of the report.)
    @Test func linksInsideAnArchiveAreListedNotFollowed() async throws {
        let work = try Workspace()
        let tar = try await work.run(["import", Fixtures.url("link-archives/links.tar").path, "--library", work.path("t")])
        #expect(tar.output.contains("1 imported, 3 skipped, 0 failed"), "\(tar)")
        let skipped = try work.library("t").report().entries("skipped")
        #expect(skipped.first { $0.item == "stew.json" }?.reason == "a symbolic link inside the archive, not followed", "\(skipped)")
        #expect(skipped.first { $0.item == "hard.json" }?.reason?.hasPrefix("a hard link inside the archive, not followed") == true)
        #expect(skipped.first { $0.item == "fifo.json" }?.reason?.contains("named pipe") == true)

        let zip = try await work.run(["import", Fixtures.url("link-archives/links.zip").path, "--library", work.path("z")])
        #expect(zip.output.contains("1 imported, 1 skipped, 0 failed"), "\(zip)")
        #expect(try work.library("z").report().entries("skipped").first?.reason == "a symbolic link inside the archive, not followed")
    }

    /// A list of addresses saved with a byte-order mark, with a note after an address and an
    /// address with a space in it: the first is fetched, the note is no part of the address,
    /// and the space is named. (The first failed as "no such file or folder", the second was
    /// fetched as `…%20#…` and failed as a 404.)
    @Test func anAddressListReadsLikeTheHelpSays() async throws {
        let work = try Workspace()
        try work.write(RecipePage.html(title: "Soup", ingredients: ["1 l water", "1 onion"], steps: ["Boil."]), to: "site/soup.html")
        try work.write(RecipePage.html(title: "Stew", ingredients: ["1 kg beef", "2 onions"], steps: ["Simmer."]), to: "site/stew.html")
        let server = try await LocalServer(files: work.scratch.path("site"))
        let soup = server.url("/files/soup.html").absoluteString, stew = server.url("/files/stew.html").absoluteString
        let list = "\u{FEFF}\(soup)\n\(stew)  # my favourite\n\(soup.replacingOccurrences(of: "soup", with: "so up"))\n"
        try work.write(list, to: "list.txt")
        let outcome = try await work.run(["import", "--from-file", work.path("list.txt"), "--library", work.path("lib")], expecting: [1])
        #expect(outcome.output.contains("2 imported, 0 skipped, 1 failed"), "\(outcome)")
        #expect(Set(try work.library("lib").recipes().map(\.title)) == ["Soup", "Stew"])
        let failed = try #require(try work.library("lib").report().entries("failed").first)
        #expect(failed.reason?.contains("holds a space") == true, "\(failed)")

        let piped = try await work.run(["import", "-", "--library", work.path("piped")], input: "\u{FEFF}\(soup)\n")
        #expect(piped.status == 0, "\(piped)")
        #expect(try work.library("piped").recipes().map(\.title) == ["Soup"])
    }

    /// A folder of a note and a picture that no recipe takes lists both. (The note was listed;
    /// the picture, nowhere.)
    @Test func aStrayPictureBesideANoteIsListed() async throws {
        let work = try Workspace()
        try work.write("hi", to: "d/readme.txt")
        try FileManager.default.copyItem(at: Fixtures.url("workflow/shrimp.jpg"), to: work.scratch.path("d/x.jpg"))
        let outcome = try await work.run(["import", work.path("d"), "--library", work.path("lib")])
        let skipped = try work.library("lib").report().entries("skipped")
        #expect(skipped.contains { $0.input.hasSuffix("d/readme.txt") }, "\(skipped)")
        #expect(skipped.contains { $0.input.hasSuffix("d/x.jpg") }, "\(skipped)")
        #expect(outcome.errors.contains("x.jpg"), "\(outcome)")
    }
}

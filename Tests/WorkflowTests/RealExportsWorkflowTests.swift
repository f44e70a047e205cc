import Foundation
import LarderCore
import Testing
import TestSupport

/// Real exports and collections no one here wrote (`Tests/Fixtures/real/`, see SOURCES.md),
/// imported as a user would and written to every format Larder reads back: what a user would
/// notice — every recipe there, its pictures, its ingredient lines, its times and yield, and the
/// fields that stay behind named (issue 30).
struct RealExportsWorkflowTests {
    /// Mealie's pre-1.0 export as macOS zipped it: each recipe takes its own folder's picture,
    /// and the smaller copies beside it are said as such, not as pictures no recipe names.
    @Test func mealiesLegacyExportZippedOnMacOSKeepsItsPictures() async throws {
        let work = try Workspace()
        let outcome = try await work.run(["import", Fixtures.url("real/mealie-legacy-macos.zip").path, "--library", work.path("lib")])
        let report = try await work.library("lib").report()
        #expect(report.entries("imported").count == 3)
        #expect(report.entries("failed").isEmpty)
        let recipes = try await work.library("lib").recipes()
        #expect(recipes.allSatisfy { $0.images.count == 1 && $0.images[0].path != nil }, "\(recipes.map { ($0.title, $0.images) })")
        #expect(!outcome.errors.contains("no recipe in this folder names"), "\(outcome.errors)")
        let copies = report.entries("skipped").filter { $0.reason?.hasPrefix("a smaller copy of the picture the recipe beside it took") == true }
        #expect(copies.count == 6, "\(report.entries("skipped").map { $0.reason ?? "" })")
        let stew = try #require(recipes.first { $0.title == "Old-Fashioned Beef Stew" })
        #expect(stew.ingredients.count == 12 && stew.steps.count == 3, "\(stew.ingredients.count) \(stew.steps.count)")
        #expect(stew.times.total?.minutes == 150)
    }

    /// Mealie's backup (its admin page's zip: every table of its database in `database.json`)
    /// keeps a recipe's ingredients, steps, notes, nutrition, categories, tags and tools in
    /// tables of their own: each recipe comes back whole, its ingredients and steps in their
    /// `position` order (the rows are not stored in it), units and foods by name, section
    /// titles as group and section names. Read as the `recipes` table alone, all came in empty.
    @Test func mealiesBackupJoinsItsTables() async throws {
        let work = try Workspace()
        try await work.run(["import", Fixtures.url("real/mealie-backup-trimmed.zip").path, "--library", work.path("lib")])
        let report = try await work.library("lib").report()
        #expect(report.entries("imported").count == 3)
        let recipes = try await work.library("lib").recipes()
        #expect(recipes.allSatisfy { !$0.ingredients.isEmpty && !$0.steps.isEmpty && $0.provenance.origin == .mealie })
        // Its first ingredient row is position 1; its section titles start groups; the
        // lines Mealie kept as typed (`original_text`) are those lines.
        let first = try #require(recipes.first { $0.provenance.originalID == "6da9a11c-a02e-409b-8220-ea13ea3d76b3" })
        #expect(first.ingredientGroups.map(\.name) == [nil, "lmgvsajrxn", "ioxtqntiix", "qssgrgtmsp"])
        #expect(first.ingredients.map(\.line).prefix(3) == ["hoxcxmhxmh", "rqktlawwlb", "bzluelrtjh"])
        #expect(first.steps.map(\.text) == ["vnlsioaqcc", "qwkomopdub"])
        #expect(first.categories == ["kvjuyrcgrz", "httzipcomt", "fbgipnojju"] && first.tags == ["yhilrknxsd", "bwqavmplnp"])
        #expect(first.notes == ["eqttcfntch: tiynuegxyh", "axobsbxxgu: ygkdqfmamh"])
        #expect(first.nutrition["fatContent"] == "vfoydcisss" && first.rating?.value == 3)
        #expect(first.extras["tools"] == .array([.string("bazstkkffq")]))
        #expect(first.dates.cooked.count == 1)
        // Units and foods by id from their tables; steps in position order (stored 1, 0).
        let second = try #require(recipes.first { $0.provenance.originalID == "dd159ddd-b0aa-46a7-92a4-01429d2c9b8e" })
        #expect(second.ingredients.first?.line == "2 ifgyyhsezf cejuoykxwe, hurwvtnyvo")
        #expect(second.ingredients.first?.quantity?.value == 2)
        #expect(second.instructionSections.map(\.name) == ["wtxqzizkbs", "dyvaodpgkn"])
        // Bookkeeping columns (`name_normalized`, `created_at`) are not named as unread.
        #expect(report.entries("imported").allSatisfy { ($0.notRead ?? []).allSatisfy { $0 == "tools" } }, "\(report.entries("imported").map(\.notRead))")
    }

    /// CookCLI's own seed collection: every recipe, its servings, its cookware named as not
    /// read, and each recipe back from every format.
    @Test func cookCLIsSeedCollection() async throws {
        let work = try Workspace()
        let outcome = try await work.run(["import", Fixtures.url("real/cookcli-seed").path, "--library", work.path("lib")])
        let recipes = try await work.library("lib").recipes()
        #expect(recipes.count == 13)
        let pizza = try #require(recipes.first { $0.title == "Neapolitan Pizza" })
        #expect(pizza.yield?.servings?.value == 6)
        #expect(pizza.ingredients.map(\.line).prefix(4) == ["820 g tipo zero flour", "533 ml water", "24.6 g salt", "1.6 g fresh yeast"])
        let cookware = try await work.library("lib").report().entries("imported").filter { $0.notRead == ["cookware"] }
        #expect(cookware.count == recipes.filter { $0.extras["cookware"] != nil }.count && !cookware.isEmpty)
        #expect(outcome.errors.contains("fields Larder does not read: cookware"), "\(outcome.errors)")
        try await everyRecipeComesBackFromEveryFormat(work, titles: Set(recipes.map(\.title)))
    }

    /// based.cooking (a Hugo site): the facts listed before the ingredients (`- ⏲️ Prep time: 30
    /// min`) are the recipe's times and yield, not its description; groups and tags come in.
    @Test func basedCookingsHugoPages() async throws {
        let work = try Workspace()
        try await work.run(["import", Fixtures.url("real/based-cooking").path, "--library", work.path("lib")])
        let recipes = try await work.library("lib").recipes()
        #expect(recipes.count == 3)
        let pie = try #require(recipes.first { $0.title == "Apple Pie" })
        #expect(pie.times.prep?.minutes == 30 && pie.times.cook?.minutes == 45, "\(pie.times)")
        #expect(pie.yield?.servings?.value == 8)
        #expect(pie.description?.contains("Prep time") != true, "\(pie.description ?? "")")
        #expect(pie.ingredientGroups.map(\.name) == ["Filling", "Crust", "Egg Wash"])
        #expect(pie.tags == ["dessert", "pie", "sweet", "apple"] && pie.provenance.author == "mfed3")
        let aglio = try #require(recipes.first { $0.title == "Spaghetti aglio e olio" })
        #expect(aglio.times.cook?.minutes == 15 && aglio.yield?.servings?.value == 4)
        try await everyRecipeComesBackFromEveryFormat(work, titles: Set(recipes.map(\.title)))
    }

    /// Exports the library in every format Larder reads back and imports each export again:
    /// no recipe is lost on the way.
    func everyRecipeComesBackFromEveryFormat(_ work: Workspace, titles: Set<String>, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for (format, output) in [("jsonld", "all.jsonld"), ("cooklang", "cook"), ("paprika", "all.paprikarecipes"), ("nextcloud", "Recipes"),
                                 ("mealdb", "meals.json"), ("markdown", "book"), ("json", "copy")] {
            try await work.run(["export", "--library", work.path("lib"), "--format", format, "--output", work.path("out-" + format + "/" + output)])
            try await work.run(["import", work.path("out-" + format + "/" + output), "--library", work.path("back-" + format)])
            let back = Set(try await work.library("back-" + format).recipes().map(\.title))
            #expect(back == titles, "\(format): \(titles.subtracting(back)) did not come back", sourceLocation: sourceLocation)
        }
    }
}

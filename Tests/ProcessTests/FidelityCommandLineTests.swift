import Foundation
import LarderCore
import Testing
import TestSupport

/// Every export and convert into a format Larder reads back checks what came back: the notes
/// say it by field, the fidelity report beside the output says it recipe by recipe, and
/// `--strict` writes nothing when anything would not come back.
struct FidelityCommandLineTests {
    let cli = CommandLineTests()

    /// A library of TheMealDB's two lookups: recipes TheMealDB and Larder's JSON keep whole, and
    /// whose other keys (`strYoutube`) Markdown has no place for.
    func library(in scratch: ScratchFolder) async throws -> String {
        let library = scratch.path("library").path
        let imported = try await cli.larder(["import", Fixtures.url("mealdb/lookup").path, "--library", library])
        #expect(imported.status == 0, "\(imported.errors)")
        return library
    }

    func report(_ path: URL) throws -> JSONValue {
        try JSONValue.parse(Data(contentsOf: path))
    }

    /// The report goes beside the output, named after it, for a folder and for an archive:
    /// never inside what the export wrote, so it is no file of the export (nor of a library
    /// the export is).
    @Test(arguments: ["book", "book.zip", "lib", "meals.json"])
    func theReportIsBesideTheOutputAndListsEveryRecipe(_ name: String) async throws {
        let scratch = try ScratchFolder()
        let library = try await library(in: scratch)
        let format = name == "lib" ? "json" : name == "meals.json" ? "mealdb" : "markdown"
        let output = scratch.path("out").appendingPathComponent(name)
        let export = try await cli.larder(["export", "--library", library, "--format", format, "--output", output.path])
        #expect(export.status == 0, "\(export.errors)")
        let besides = try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path).sorted()
        #expect(besides == [name, name + ".fidelity.json"])
        let json = try report(URL(fileURLWithPath: output.path + ".fidelity.json"))
        #expect(json["format"] == .string(format))
        #expect(json["output"] == .string(output.path))
        #expect(json["checked"] == .number(2))
        let entries = json["recipes"]?.arrayValue ?? []
        #expect(entries.count == 2)
        #expect(Set(entries.compactMap { $0["id"]?.stringValue }) == ["mealdb-52768", "mealdb-52772"])
        if format == "markdown" {
            // Markdown has no place for TheMealDB's other keys: said recipe by recipe.
            #expect(entries.allSatisfy { $0["differences"]?.arrayValue?.contains { $0["field"] == .string("fields from the source app") } == true })
            #expect(export.errors.contains("2 of 2 recipes read back from the Markdown export with a difference"), "\(export.errors)")
        } else {
            #expect(json["differing"] == .number(0), "\(json)")
            #expect(export.errors.contains("all 2 recipes read back from the"), "\(export.errors)")
        }
        #expect(export.errors.contains("the fidelity report (each recipe and what came back of it): \(output.path).fidelity.json"), "\(export.errors)")
    }

    /// A yield written as a bare number beside its range (`["10", "10 to 12 servings"]`,
    /// `["4", "4 -6"]`, as recipe plugins write it) is stored as the range, so that no export
    /// reads back with "changed yield" from "(10 servings)" to "(10–12 servings)"; scaling still
    /// starts from the range's start.
    @Test func aYieldRangeBesideItsStartReadsBackUnchanged() async throws {
        let scratch = try ScratchFolder()
        func page(_ name: String, _ yield: String) -> String {
            #"{"@context": "https://schema.org", "@type": "Recipe", "name": "\#(name)", "recipeYield": \#(yield), "recipeIngredient": ["1 cup flour", "2 eggs"], "recipeInstructions": ["Mix."]}"#
        }
        let inputs = scratch.path("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try Data(page("Popper Dip", #"["10", "10 to 12 servings"]"#).utf8).write(to: inputs.appendingPathComponent("dip.json"))
        try Data(page("Three Cup Chicken", #"["4", "4 -6"]"#).utf8).write(to: inputs.appendingPathComponent("chicken.json"))
        let library = scratch.path("library").path
        let imported = try await cli.larder(["import", inputs.path, "--library", library])
        #expect(imported.status == 0, "\(imported.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: library + "/recipes").filter { $0.hasSuffix(".json") }
        let stored = try files.map { try CanonicalJSON.decode(Data(contentsOf: URL(fileURLWithPath: library + "/recipes/" + $0))) }
        #expect(Set(stored.compactMap { $0.yield?.quantity }) == [Amount(10, upper: 12), Amount(4, upper: 6)], "\(stored.map(\.yield))")
        for (format, name) in [("markdown", "md"), ("jsonld", "all.jsonld"), ("cooklang", "cook"), ("nextcloud", "nc.zip"), ("paprika", "all.paprikarecipes")] {
            let output = scratch.path("out").appendingPathComponent(name)
            let export = try await cli.larder(["export", "--library", library, "--format", format, "--output", output.path])
            #expect(export.status == 0, "\(format): \(export.errors)")
            let fields = try report(URL(fileURLWithPath: output.path + ".fidelity.json"))["recipes"]?.arrayValue?
                .flatMap { $0["differences"]?.arrayValue ?? [] }.compactMap { $0["field"]?.stringValue } ?? []
            #expect(!fields.contains("yield"), "\(format): \(fields)")
        }
        let scaled = try await cli.larder(["export", "--library", library, "--format", "markdown", "--servings", "20", "--output", scratch.path("scaled").path])
        #expect(scaled.status == 0, "\(scaled.errors)")
        let dip = try String(contentsOf: scratch.path("scaled").appendingPathComponent("popper-dip.md"), encoding: .utf8)
        #expect(dip.contains("2 cups flour"), "scaled from 10 servings to 20: \(dip)")
    }

    /// `--strict`: when a recipe would not come back as it is, nothing is written — the
    /// earlier output and its report stay as they were —, the notes name what, and the exit
    /// status is 1. When everything comes back, the export is written as without it.
    @Test func strictWritesNothingWhenARecipeWouldNotComeBack() async throws {
        let scratch = try ScratchFolder()
        let library = try await library(in: scratch)
        // An earlier export, of one recipe.
        let book = scratch.path("book")
        let one = scratch.path("one").path
        #expect(try await cli.larder(["import", Fixtures.url("mealdb/lookup/52772.json").path, "--library", one]).status == 0)
        #expect(try await cli.larder(["export", "--library", one, "--format", "markdown", "--output", book.path]).status == 0)
        let earlier = try FileManager.default.contentsOfDirectory(atPath: book.path).sorted()
        let earlierReport = try String(contentsOf: URL(fileURLWithPath: book.path + ".fidelity.json"), encoding: .utf8)
        let strict = try await cli.larder(["export", "--library", library, "--format", "markdown", "--output", book.path, "--strict"])
        #expect(strict.status == 1, "\(strict.errors)")
        #expect(strict.output.contains("nothing was written: --strict: 2 of 2 recipes would not read back from Markdown as they are"), "\(strict.output)")
        #expect(strict.output.contains("\(book.path) is as it was"), "\(strict.output)")
        #expect(strict.errors.contains("note: Markdown has no place for fields from the source app"), "\(strict.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: book.path).sorted() == earlier)
        #expect(!earlier.contains("apple-frangipan-tart.md"))
        #expect(try String(contentsOf: URL(fileURLWithPath: book.path + ".fidelity.json"), encoding: .utf8) == earlierReport)

        let meals = scratch.path("meals.json")
        let kept = try await cli.larder(["export", "--library", library, "--format", "mealdb", "--output", meals.path, "--strict"])
        #expect(kept.status == 0, "\(kept.errors)")
        #expect(FileManager.default.fileExists(atPath: meals.path))

        // convert takes it too.
        let converted = try await cli.larder(["convert", Fixtures.url("mealdb/lookup").path, "--format", "markdown", "--output", scratch.path("c").path, "--strict"])
        #expect(converted.status == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("c").path))
    }

    /// A format Larder does not read back has nothing to compare: `--strict` is refused.
    @Test func strictIsForFormatsLarderReadsBack() async throws {
        let scratch = try ScratchFolder()
        let library = try await library(in: scratch)
        let refused = try await cli.larder(["export", "--library", library, "--format", "cookbook", "--output", scratch.path("b.html").path, "--strict"])
        #expect(refused.status == 64 || refused.status == 2, "\(refused.errors)")
        #expect(refused.errors.contains("Larder does not read --format cookbook back"), "\(refused.errors)")
    }
}

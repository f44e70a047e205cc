import Foundation
import LarderCore
import LarderKit
import Testing
import TestSupport

/// `larder import … --images` as a person runs it: saved pages and real JPEGs served from a
/// folder on loopback, the real binary, then the library opened and checked whole: every
/// recipe stored and listed in the manifest, every picture stored under its recipe with the
/// bytes of its own address.
///
/// The crash these guard against (issue 19: "Illegal instruction" in `ImageStage.apply`) came
/// from the optimizer, so it shows in `swift test -c release`; see `ImageStage.download`.
@Suite(.serialized) struct ImageImportWorkflowTests {
    let scratch: ScratchFolder
    /// The folder the server serves under `/files/`.
    let site: URL
    let server: LocalServer
    /// The JPEG every picture is made from.
    let photo: Data

    init() async throws {
        scratch = try ScratchFolder()
        site = scratch.path("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        server = try await LocalServer(files: site)
        photo = try Fixtures.data("formats/nextcloud/Recipes/Air Fryer Shrimp/full.jpg")
    }

    /// A distinct real JPEG: the photo with bytes after its end, which viewers ignore.
    func savePicture(_ name: String) throws -> String {
        try (photo + Data("\(name)".utf8)).write(to: site.appendingPathComponent(name))
        return server.url("/files/\(name)").absoluteString
    }

    /// A saved page whose JSON-LD names its images as most sites do: one as a plain string,
    /// several as a list.
    func savePage(_ name: String, title: String, images: [String]) throws -> String {
        let image = images.count == 1 ? "\"\(images[0])\"" : "[" + images.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        let page = """
            <!doctype html><html><head><title>\(title)</title>
            <script type="application/ld+json">
            {"@context": "https://schema.org", "@type": "Recipe", "name": "\(title)", "image": \(image),
             "recipeIngredient": ["2 cups flour", "1 tsp salt"], "recipeInstructions": ["Mix.", "Bake."]}
            </script></head><body><h1>\(title)</h1></body></html>
            """
        try Data(page.utf8).write(to: site.appendingPathComponent(name))
        return server.url("/files/\(name)").absoluteString
    }

    func larder(_ arguments: [String]) async throws -> ProgramRun {
        try await LarderCommand.run(arguments)
    }

    /// Checks the library whole and returns its recipes by title: the recipes on disk are the
    /// ones the manifest lists, and every stored picture is on disk, listed with its checksum,
    /// and holds the bytes served at the recipe's address for it (all but the `unstored` ones).
    @discardableResult
    func checkLibrary(_ library: URL, titles: Set<String>, unstored: Set<String> = []) throws -> [String: Recipe] {
        // manifest.jsonl: a header line, then one JSON object per file.
        let manifestText = try String(contentsOf: library.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        let files = try manifestText.split(separator: "\n").dropFirst().map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        var listed: [String: String] = [:]
        for file in files { listed[try #require(file["path"] as? String)] = file["sha256"] as? String }

        let onDisk = try FileManager.default.contentsOfDirectory(atPath: library.appendingPathComponent("recipes").path)
            .filter { $0.hasSuffix(".json") }
        #expect(Set(onDisk.map { "recipes/\($0)" }) == Set(listed.keys.filter { $0.hasPrefix("recipes/") }))
        #expect(listed.keys.filter { $0.hasPrefix("recipes/") }.count == titles.count)

        var byTitle: [String: Recipe] = [:]
        for name in onDisk {
            let recipe = try CanonicalJSON.decode(Data(contentsOf: library.appendingPathComponent("recipes/\(name)")))
            byTitle[recipe.title] = recipe
            for image in recipe.images where !unstored.contains(image.url ?? "") {
                let path = try #require(image.path, "\(recipe.title): \(image.url ?? "an image") was not stored")
                let stored = try Data(contentsOf: library.appendingPathComponent(path))
                #expect(listed[path] == SHA256.hex(stored), "\(path) is not in the manifest with its checksum")
                let served = try Data(contentsOf: site.appendingPathComponent(try #require(image.url?.components(separatedBy: "/files/").last)))
                #expect(stored == served, "\(recipe.title): \(path) does not hold the picture of \(image.url ?? "")")
            }
        }
        #expect(Set(byTitle.keys) == titles)
        return byTitle
    }

    /// The repro of issue 19: one picture, named as a string, as most sites write it.
    @Test func aPageWithOnePictureImportsWithThePictureStored() async throws {
        let page = try savePage("soup.html", title: "Tomato Soup", images: [try savePicture("a.jpg")])
        let library = scratch.path("library")
        let result = try await larder(["import", page, "--images", "--no-cache", "--library", library.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("1 imported, 0 skipped, 0 failed"))
        let recipes = try checkLibrary(library, titles: ["Tomato Soup"])
        #expect(recipes["Tomato Soup"]?.images.count == 1)
    }

    /// Several pictures download at once; each is stored as its own file, and one that fails
    /// leaves the recipe imported, its address kept, and a note saying why.
    @Test func aPageWithSeveralPicturesStoresEachAsItsOwnFile() async throws {
        let pictures = try (1...4).map { try savePicture("photo-\($0).jpg") }
        let missing = server.url("/files/gone.jpg").absoluteString
        let page = try savePage("bread.html", title: "Seeded Bread", images: pictures + [missing])
        let library = scratch.path("library")
        let result = try await larder(["import", page, "--images", "--no-cache", "--library", library.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("gone.jpg not downloaded"))

        let recipe = try #require(try checkLibrary(library, titles: ["Seeded Bread"], unstored: [missing])["Seeded Bread"])
        #expect(recipe.images.compactMap(\.url) == pictures + [missing])
        #expect(Set(recipe.images.compactMap(\.path)).count == 4)
    }

    /// A picture's address that redirects out of http (to `file://`, `ftp://`, `data:`) is not
    /// followed, and `report.json` names the picture and why: no local file is read, and the
    /// recipe is imported with the address kept.
    @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/x.jpg", "data:image/png;base64,iVBORw0KGgo="])
    func aPictureRedirectedOutOfHTTPIsNamedInTheReport(_ target: String) async throws {
        let stored = try savePicture("kept.jpg")
        var query = URLComponents()
        query.queryItems = [URLQueryItem(name: "to", value: target)]
        let redirected = server.url("/fault/redirect").absoluteString + (query.percentEncodedQuery.map { "?" + $0 } ?? "")
        let page = try savePage("stew.html", title: "Stew", images: [stored, redirected])
        let library = scratch.path("library")
        let result = try await larder(["import", page, "--images", "--no-cache", "--library", library.path])
        #expect(result.status == 0, "\(result.errors)")
        let scheme = String(target.prefix { $0 != ":" })
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: library.appendingPathComponent("report.json"))) as? [String: Any])
        let entry = try #require((report["entries"] as? [[String: Any]])?.first)
        let notes = entry["notes"] as? [String] ?? []
        #expect(notes == ["image \(redirected) not downloaded: redirect to \(scheme):// refused (only http and https are followed)"], "\(notes)")
        let recipe = try #require(try checkLibrary(library, titles: ["Stew"], unstored: [redirected])["Stew"])
        #expect(recipe.images.compactMap(\.url) == [stored, redirected] && recipe.images.compactMap(\.path).count == 1)
    }

    /// A batch of pages with pictures: nothing crashes, and no recipe ends on disk without the
    /// manifest listing it.
    @Test func aBatchOfPagesWithPicturesEndsWithEveryRecipeListed() async throws {
        let shared = try savePicture("logo.jpg")
        var pages: [String] = []
        var titles: Set<String> = []
        for n in 1...8 {
            let own = try (1...(n % 3 + 1)).map { try savePicture("dish-\(n)-\($0).jpg") }
            pages.append(try savePage("dish-\(n).html", title: "Dish \(n)", images: own + [shared]))
            titles.insert("Dish \(n)")
        }
        let library = scratch.path("library")
        let result = try await larder(["import"] + pages + ["--images", "--no-cache", "--library", library.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("8 imported, 0 skipped, 0 failed"))
        try checkLibrary(library, titles: titles)
    }

    /// Replacing a recipe (`--on-duplicate update`) keeps the pictures stored for its addresses
    /// when the new version brings none: imported without `--images`, or a download that fails.
    @Test func updatingARecipeKeepsThePicturesItHad() async throws {
        let pictures = try (1...2).map { try savePicture("cake-\($0).jpg") }
        let page = try savePage("cake.html", title: "Honey Cake", images: pictures)
        let library = scratch.path("library")
        #expect(try await larder(["import", page, "--images", "--no-cache", "--library", library.path]).status == 0)
        let before = try #require(try checkLibrary(library, titles: ["Honey Cake"])["Honey Cake"])
        #expect(before.images.allSatisfy { $0.path != nil })

        let again = try await larder(["import", page, "--on-duplicate", "update", "--no-cache", "--library", library.path])
        #expect(again.status == 0, "\(again.errors)")
        #expect(try checkLibrary(library, titles: ["Honey Cake"])["Honey Cake"]?.images == before.images)

        // The second picture is gone from the site for this run only.
        let served = site.appendingPathComponent("cake-2.jpg"), away = scratch.path("cake-2.jpg")
        try FileManager.default.moveItem(at: served, to: away)
        let failing = try await larder(["import", page, "--images", "--on-duplicate", "update", "--no-cache", "--library", library.path])
        try FileManager.default.moveItem(at: away, to: served)
        #expect(failing.status == 0, "\(failing.errors)")
        #expect(failing.errors.contains("cake-2.jpg not downloaded"))
        #expect(try checkLibrary(library, titles: ["Honey Cake"])["Honey Cake"]?.images == before.images)
    }

    /// Ctrl-C while pictures download stops the run at once, and the recipe is reported as
    /// interrupted rather than stored without its pictures (where a re-run would skip it). The
    /// pictures never come, and Larder would wait for them for ten minutes (`--timeout 600`):
    /// a run that went on downloading after the Ctrl-C would not end within the test's wait.
    @Test func ctrlCWhilePicturesDownloadStopsAndLeavesTheRecipeForTheNextRun() async throws {
        let server = try await LocalServer()
        let pictures = (1...4).map { server.url("/fault/hang/slow-\($0).jpg") }
        var page = try #require(URLComponents(url: server.url("/recipe/slow-stew"), resolvingAgainstBaseURL: false))
        page.queryItems = pictures.map { URLQueryItem(name: "image", value: $0.absoluteString) }
        let library = scratch.path("library")
        let running = try LarderCommand.start(["import", try #require(page.url).absoluteString, "--images", "--no-cache", "--timeout", "600",
                                               "--library", library.path])
        // Ctrl-C once the first picture has been asked for.
        try await running.waitUntil("the first picture download began", interval: .milliseconds(50), thenSignal: SIGINT) {
            (1...4).contains { server.hits("hang/slow-\($0).jpg") > 0 }
        }
        let stopped = try await running.finish(timeout: .seconds(300))
        #expect(stopped.status == 130, "\(stopped)")

        #expect(try FileManager.default.contentsOfDirectory(atPath: library.appendingPathComponent("recipes").path).isEmpty)
        let report = try CanonicalJSON.decode(RunReport.self, from: Data(contentsOf: library.appendingPathComponent("report.json")))
        #expect(report.entries.first?.status == .skipped)
        #expect(report.entries.first?.reason?.contains("run the import again") == true)
    }
}

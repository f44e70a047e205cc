import Foundation
import LarderArchive
import LarderCore
import LarderKit
import Testing
import TestSupport

/// Backups: a library written into an archive and restored, losslessly, and hostile archives
/// refused with nothing written outside the target.
@Suite(.serialized) struct BundleTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    /// Every recipe the tests and Samples/ hold, in one library.
    func sampleLibrary() async throws -> Library {
        let library = Library(root: scratch.path("samples"))
        let inputs = ["Samples", "Tests/Fixtures/json", "Tests/Fixtures/apps", "Tests/Fixtures/schema-org",
                      "Tests/Fixtures/html", "Tests/Fixtures/mealdb/lookup", "Tests/Fixtures/scaling"]
        let sources = inputs.map { FileSource(path: Fixtures.packageRoot.appendingPathComponent($0).path) }
        _ = try await Pipeline(sources: sources, stages: [NormalizeStage(), DedupeStage()], sink: try LibrarySink(library: library)).run()
        return library
    }

    func export(_ library: Library, to name: String) async throws -> URL {
        let output = scratch.path(name)
        let format = try #require(ArchiveFormat(fileName: name))
        let report = try await Pipeline(sources: [LibrarySource(library: library)], stages: [],
                                        sink: try BundleSink(output: output, format: format, imageSource: library, created: library.created)).run()
        #expect(report.failed == 0)
        return output
    }

    /// Restores as `larder import` does, and closes the library (the manifest is folded).
    func restore(_ archive: String, into library: Library, limits: BundleLimits = BundleLimits(),
                 duplicates: DuplicatePolicy = .skip) async throws -> RunReport {
        var restore = LibraryRestore(library: library, duplicates: duplicates)
        restore.limits = limits
        var report = RunReport()
        try restore.restore(archive, into: &report)
        try library.close()
        return report
    }

    func manifest(of library: Library) throws -> [Manifest.File] {
        try #require(try ManifestReader.open(folder: library.root)).readAll()
    }

    /// Every file under a folder, by relative path.
    func files(under folder: URL) -> [String: Data] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        var result: [String: Data] = [:]
        for case let file as URL in walker where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            result[String(file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))] = try? Data(contentsOf: file)
        }
        return result
    }

    @Test(arguments: ["backup.tar.gz", "backup.tgz", "backup.tar.zst", "backup.tar.xz", "backup.zip"])
    func aRoundTripThroughEveryArchiveKindIsByteIdentical(name: String) async throws {
        let original = try await sampleLibrary()
        let recipes = try original.recipeIDs()
        #expect(recipes.count >= 35)
        #expect(!files(under: original.root.appendingPathComponent("images")).isEmpty)

        let archive = try await export(original, to: name)
        let again = try await export(original, to: "again-" + name)
        #expect(try Data(contentsOf: archive) == Data(contentsOf: again), "the same library must give the same archive bytes")

        let restored = Library(root: scratch.path("restored-\(name)"))
        let report = try await restore(archive.path, into: restored)
        #expect(report.imported == recipes.count)
        #expect(report.failed == 0)
        #expect(report.entries.map(\.recipeID) == recipes, "every restored recipe has its entry, in id order")
        #expect(files(under: restored.recipesFolder) == files(under: original.recipesFolder))
        #expect(files(under: restored.root.appendingPathComponent("images")) == files(under: original.root.appendingPathComponent("images")))
        #expect(try manifest(of: restored) == manifest(of: original), "the restored library's manifest must list the same files and checksums")
        // The command's whole-library backup writes the same bytes as the pipeline's export.
        let copied = scratch.path("copied-" + name)
        _ = try LibraryArchiver.archive(original, to: copied, format: try #require(ArchiveFormat(fileName: name)))
        #expect(try Data(contentsOf: copied) == Data(contentsOf: archive))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: restored.root.appendingPathComponent(".larder").path)
        #expect(leftovers.sorted() == ["index.sqlite", "journal.jsonl", "lock"], "no staging folder is left (the index is run state)")
    }

    /// The backup reads files ahead on a second thread through a bounded queue: a library with
    /// more recipes than the queue holds still comes out whole and in id order, and a recipe
    /// that cannot be read fails alone, named in the report.
    @Test func aBackupLargerThanItsReadAheadCarriesEveryRecipeInOrder() async throws {
        let library = Library(root: scratch.path("large"))
        let template = try CanonicalJSON.decode(Fixtures.data("json/canonical-v1.json"))
        for n in 0..<700 {
            var recipe = template
            recipe.id = String(format: "recipe-%04d", n)
            recipe.title = "Gnocchi No. \(n)"
            try library.store(recipe)
        }
        try library.close()
        try FileManager.default.createDirectory(at: library.recipesFolder.appendingPathComponent("recipe-0350x.json"), withIntermediateDirectories: false)

        let archive = scratch.path("large.tar.gz")
        let report = try LibraryArchiver.archive(library, to: archive, format: .tarGzip)
        #expect(report.imported == 700)
        #expect(report.entries.filter { $0.status == .failed }.map(\.input) == ["recipes/recipe-0350x.json"])

        let reader = try ArchiveReader(path: archive.path)
        var paths: [String] = []
        while let entry = try reader.nextEntry() { paths.append(entry.path ?? "") }
        #expect(paths == (0..<700).map { String(format: "recipes/recipe-%04d.json", $0) } + ["manifest.jsonl"])
        let restored = Library(root: scratch.path("large-restored"))
        let restoredReport = try await restore(archive.path, into: restored)
        #expect(restoredReport.imported == 700)
        // Read ahead several batches at a time (StagedRecipeReader), settled in manifest order.
        #expect(restoredReport.entries.map(\.recipeID) == (0..<700).map { String(format: "recipe-%04d", $0) })
    }

    /// The manifest is read and written as a stream, in path order. Ids whose file names sort
    /// otherwise than their image folders (`pie`, `pie-crust`, `pie.v2`), a manifest rewritten by
    /// hand, and a recipe edited after it was written all still give the right checksums.
    @Test func streamedManifestsAgreeWithTheFilesWhateverTheOrder() async throws {
        let library = Library(root: scratch.path("order"))
        let template = try CanonicalJSON.decode(Fixtures.data("json/canonical-v1.json"))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 64, 0, 0, 0, 64, 8, 6, 0, 0, 0]
        for (n, id) in ["pie", "pie-crust", "pie.v2", "pie.a", "pie_b", "pi"].enumerated() {
            var recipe = template
            recipe.id = id
            recipe.title = "Pie \(n)"
            recipe.images = [RecipeImage(embeddedData: png + [UInt8(n)])]
            try library.store(recipe)
        }
        try library.close()
        let listed = try manifest(of: library)
        #expect(listed.map(\.path) == listed.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(listed.count == 12)
        for file in listed {
            #expect(file.sha256 == SHA256.hex(try Data(contentsOf: library.url(forRelativePath: file.path))))
        }

        // Unchanged: the manifest is left alone, so its time still vouches for the files.
        let stamp = try FileManager.default.attributesOfItem(atPath: library.manifestURL.path)[.modificationDate] as? Date
        try await Task.sleep(for: .milliseconds(20))
        try library.open()
        try library.close()
        #expect(try FileManager.default.attributesOfItem(atPath: library.manifestURL.path)[.modificationDate] as? Date == stamp)

        // A recipe edited since, to the same size and to another: hashed again.
        try await Task.sleep(for: .milliseconds(20))
        for (id, change) in [("pie.v2", { (text: String) in text + " " }), ("pie", { $0.replacingOccurrences(of: "Pie 0", with: "Pie 9") })] {
            let edited = library.recipeURL(id: id)
            try Data(change(try String(contentsOf: edited, encoding: .utf8)).utf8).write(to: edited)
        }
        try library.open()
        try library.close()
        let rewritten = try #require(try ManifestReader.open(folder: library.root))
        #expect(rewritten.header.created == (try ManifestReader.open(folder: library.root))?.header.created)
        for file in try rewritten.readAll() {
            #expect(file.sha256 == SHA256.hex(try Data(contentsOf: library.url(forRelativePath: file.path))), "\(file.path)")
        }

        // A backup of it verifies and restores every recipe.
        let archive = scratch.path("order.tar.gz")
        #expect(try LibraryArchiver.archive(library, to: archive, format: .tarGzip).imported == 6)
        let restored = Library(root: scratch.path("order-restored"))
        let report = try await restore(archive.path, into: restored)
        #expect(report.imported == 6)
        #expect(report.failed == 0)
        #expect(try manifest(of: restored) == manifest(of: library))
    }

    /// Restoring into a library that changed since the backup: skip keeps what is there and
    /// brings back what was deleted, update puts the backup's version back, copy keeps both.
    @Test func restoringOverALibraryMergesByTheDuplicatePolicy() async throws {
        let library = try await sampleLibrary()
        let archive = try await export(library, to: "backup.tar.gz")
        let backedUp = files(under: library.root.appendingPathComponent("recipes"))
        let ids = try library.recipeIDs()
        let withImage = try #require(try ids.first { try library.load(id: $0).images.contains { $0.path != nil } })
        let deleted = try #require(ids.first { $0 != withImage })
        var edited = try library.load(id: withImage)
        edited.title = "Edited by hand"
        try library.store(edited)
        try FileManager.default.removeItem(at: library.recipeURL(id: deleted))

        let skipping = try await restore(archive.path, into: library)
        #expect(skipping.imported == 1)
        #expect((try? library.load(id: deleted)) != nil)
        // Every recipe of the backup has its entry: the one restored, and the ones already there as skipped.
        #expect(skipping.entries.count == ids.count)
        #expect(skipping.entries.filter { $0.status == .imported }.map(\.recipeID) == [deleted])
        #expect(skipping.skipped == ids.count - 1)
        #expect(try library.load(id: withImage).title == "Edited by hand")

        let updating = try await restore(archive.path, into: library, duplicates: .update)
        #expect(updating.imported == ids.count)
        #expect(updating.entries.allSatisfy { $0.reason == "replaced the recipe stored as \($0.recipeID ?? "")" })
        #expect(files(under: library.root.appendingPathComponent("recipes")) == backedUp)

        let copying = try await restore(archive.path, into: library, duplicates: .copy)
        #expect(copying.imported == ids.count)
        #expect(try library.recipeIDs().count == 2 * ids.count)
        let copy = try library.load(id: withImage + "-copy")
        #expect(copy.title == (try library.load(id: withImage)).title)
        #expect(copy.images.contains { $0.path != nil })
        for image in copy.images {
            guard let path = image.path else { continue }
            #expect(path.hasPrefix("images/\(withImage)-copy/"))
            #expect(SHA256.hex(try Data(contentsOf: library.url(forRelativePath: path))) == image.sha256)
        }
    }

    /// Whether an id is taken is known without a lookup per recipe (the library's manifest is
    /// read beside the bundle's): a recipe this restore stored under another file name than it
    /// had, and a recipe an earlier restore of the same run brought, still count as taken.
    @Test func aRestoreKnowsTheIDsItAndTheRunBeforeItTook() async throws {
        let library = try await sampleLibrary()
        let sample = try library.load(id: try #require(try library.recipeIDs().first))
        func bundle(_ name: String, _ recipes: [(path: String, id: String, title: String)]) throws -> String {
            let writer = try BundleWriter(output: scratch.path(name), format: try #require(ArchiveFormat(fileName: name)))
            for recipe in recipes {
                var stored = sample
                stored.id = recipe.id
                stored.title = recipe.title
                stored.images = []
                try writer.add(path: recipe.path, contents: CanonicalJSON.encode(stored))
            }
            try writer.finish(created: Date(timeIntervalSince1970: 0))
            return scratch.path(name).path
        }
        // `recipes/a.json` holds the recipe `zz`, stored as zz; `recipes/zz.json` comes later.
        let first = try bundle("first.tar.gz", [("recipes/a.json", "zz", "First zz"), ("recipes/m.json", "m", "M"), ("recipes/zz.json", "zz", "Second zz")])
        let second = try bundle("second.tar.gz", [("recipes/m.json", "m", "Another M"), ("recipes/n.json", "n", "N")])
        let target = Library(root: scratch.path("taken"))
        var report = RunReport()
        let restore = LibraryRestore(library: target)
        try restore.restore(first, into: &report)
        try restore.restore(second, into: &report)
        try target.close()
        #expect(report.entries.map(\.status) == [.imported, .imported, .skipped, .skipped, .imported])
        #expect(report.entries.filter { $0.status == .skipped }.map(\.kind) == [.duplicate, .duplicate])
        #expect(try target.recipeIDs() == ["m", "n", "zz"])
        #expect(try target.load(id: "zz").title == "First zz")
        #expect(try target.load(id: "m").title == "M")
    }

    /// Files moved in from a bundle are vouched for by its manifest, and only they: a file the
    /// library already had, changed by hand to the same size, keeps its own checksum.
    @Test func theManifestAfterARestoreHoldsEveryFilesTrueChecksum() async throws {
        let library = try await sampleLibrary()
        let archive = try await export(library, to: "backup.tar.gz")
        let target = Library(root: scratch.path("target"))
        _ = try await restore(archive.path, into: target)
        let ids = try target.recipeIDs()
        let kept = try #require(ids.first)
        var text = try String(contentsOf: target.recipeURL(id: kept), encoding: .utf8)
        let title = try target.load(id: kept).title
        let swapped = String(title.reversed())
        text = text.replacingOccurrences(of: "\"title\" : \"\(title)\"", with: "\"title\" : \"\(swapped)\"")
        try Data(text.utf8).write(to: target.recipeURL(id: kept))
        for id in ids.dropFirst().prefix(3) { try FileManager.default.removeItem(at: target.recipeURL(id: id)) }

        let report = try await restore(archive.path, into: target)
        #expect(report.imported == 3)
        let listed = try manifest(of: target)
        #expect(listed.count == files(under: target.root.appendingPathComponent("recipes")).count
            + files(under: target.root.appendingPathComponent("images")).count)
        for file in listed {
            let contents = try Data(contentsOf: target.url(forRelativePath: file.path))
            #expect(SHA256.hex(contents) == file.sha256, "\(file.path)")
            #expect(contents.count == file.bytes, "\(file.path)")
        }
        #expect(try target.load(id: kept).title == swapped)
    }

    @Test func hostileArchivesAreRefusedWithNothingWrittenOutsideTheTarget() async throws {
        let library = try await sampleLibrary()
        let recipe = library.recipeURL(id: try #require(try library.recipeIDs().first))
        let hostile = scratch.path("hostile")
        let script = try await Program("python3", [Fixtures.packageRoot.appendingPathComponent("Tools/make-hostile-bundles.py").path,
                                                    recipe.path, hostile.path]).run()
        #expect(script.status == 0, "\(script)")

        let expected: [String: String] = [
            "absolute-path.tar.gz": "has an absolute path",
            "dot-dot.tar.gz": "has a \"..\" component",
            "zip-slip.zip": "has a \"..\" component",
            "symlink.tar.gz": "is a symbolic link",
            "hardlink.tar.gz": "is a hard link",
            "device.tar.gz": "is a device, FIFO or socket",
            "fifo.tar.gz": "is a device, FIFO or socket",
            "duplicate.tar.gz": "appears twice",
            "not-utf8.tar.gz": "not valid UTF-8",
            "too-many-entries.tar.gz": "more than 50 entries",
            // Refused by the size its header declares, before anything is written.
            "bomb.tar.gz": "declares 67108864 bytes, more than the limit of",
            "bomb-lying-header.zip": "could not be read whole",
            "truncated.tar.gz": "the archive ends early (truncated, or still downloading)",
            // Flipped bytes fail wherever they land (the gzip stream, a header, a name): any refusal.
            "corrupt.tar.gz": "",
            "bad-checksum.tar.gz": "does not match the manifest",
            "no-manifest.tar.gz": "no manifest.jsonl or manifest.json",
            "manifest-duplicate-key.tar.gz": "the key \"path\" appears twice",
            "manifest-listed-twice.tar.gz": "listed twice in the manifest",
            "unlisted.tar.gz": "images/x/1.png is not listed in the manifest",
            "big-image.tar.gz": "\"images/x/1.png\" declares 614400 bytes, more than the limit of 524288",
            // Each file against its manifest entry: hashed as it is unpacked when the archive's
            // entries come in the manifest's order, hashed from staging when they do not.
            "listed-missing.tar.gz": "images/x/1.png is listed in the manifest but missing",
            "same-size-other-bytes.tar.gz": "the checksum of images/x/1.png does not match the manifest",
            "out-of-order-other-bytes.tar.gz": "the checksum of images/x/1.png does not match the manifest",
            "out-of-order-unlisted.tar.gz": "images/x/1.png is not listed in the manifest",
        ]
        var limits = BundleLimits()
        limits.maxEntries = 50
        limits.maxEntryBytes = 1024 * 1024
        limits.maxImageBytes = 512 * 1024
        let target = Library(root: scratch.path("target/library"))
        for (name, reason) in expected.sorted(by: { $0.key < $1.key }) {
            let report = try await restore(hostile.appendingPathComponent(name).path, into: target, limits: limits)
            #expect(report.entries.count == 1, "\(name)")
            #expect(report.entries.first?.status == .failed, "\(name)")
            #expect(report.entries.first?.reason?.hasPrefix("the archive is refused: ") == true, "\(name)")
            if !reason.isEmpty {
                #expect(report.entries.first?.reason?.contains(reason) == true, "\(name): \(report.entries.first?.reason ?? "")")
            }
            #expect(try target.recipeIDs().isEmpty, "\(name)")
        }
        // Nothing escaped: not beside the target, not in its parent, not in /tmp.
        let around = try FileManager.default.contentsOfDirectory(atPath: scratch.path("target").path)
        #expect(around == ["library"])
        // The names the hostile entries carry (`/tmp` is shared: other programs' files are not looked at).
        let hostileNames: Set<String> = ["larder-hostile-absolute.json", "larder-hostile-escaped.json", "larder-hostile-zip-slip.json"]
        for folder in [scratch.url.path, scratch.path("target").path, "/tmp"] {
            let escaped = try FileManager.default.contentsOfDirectory(atPath: folder).filter(hostileNames.contains)
            #expect(escaped.isEmpty, "\(folder): \(escaped)")
        }

        #expect(try await restore(hostile.appendingPathComponent("jsonl-good.tar.gz").path, into: target, limits: limits).imported == 1)
        let unordered = try await restore(hostile.appendingPathComponent("out-of-order.tar.gz").path, into: Library(root: scratch.path("unordered")), limits: limits)
        #expect(unordered.imported == 1 && unordered.failed == 0, "\(unordered.entries.map { $0.reason ?? "" })")
        let mixed = try await restore(hostile.appendingPathComponent("one-bad-recipe.tar.gz").path, into: Library(root: scratch.path("mixed")), limits: limits)
        #expect(mixed.imported == 1)
        #expect(mixed.entries.first { $0.status == .failed }?.item == "recipes/broken.json")
    }

    /// A backup may expand to what any input may: a number of times its own size (past a
    /// floor), so a small archive of bombs is refused after bounded work (issue 31).
    @Test func aBackupThatExpandsFarPastItsSizeIsRefused() async throws {
        let library = try await sampleLibrary()
        let archive = try await export(library, to: "backup.tar.gz")
        var limits = BundleLimits()
        limits.minTotalBytes = 1024
        limits.maxExpansion = 1
        let refused = try await restore(archive.path, into: Library(root: scratch.path("small-budget")), limits: limits)
        #expect(refused.failed == 1)
        #expect(refused.entries.first?.reason?.contains("Larder's limit for this bundle (1 times its size, at least 1 KB)") == true,
                "\(refused.entries.first?.reason ?? "")")
        #expect(try await restore(archive.path, into: Library(root: scratch.path("default-budget"))).failed == 0)
    }

    @Test func aRefusedArchiveLeavesALibraryAsItWas() async throws {
        let library = try await sampleLibrary()
        let before = files(under: library.root)
        let archive = try await export(library, to: "backup.tar.gz")
        var damaged = try Data(contentsOf: archive)
        damaged = damaged.prefix(damaged.count / 2)
        try damaged.write(to: scratch.path("damaged.tar.gz"))
        let report = try await restore(scratch.path("damaged.tar.gz").path, into: library)
        #expect(report.failed == 1)
        var after = files(under: library.root)
        after["report.json"] = before["report.json"]
        #expect(after == before)
    }
}

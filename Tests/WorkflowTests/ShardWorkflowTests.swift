import Foundation
import LarderCore
import Testing
import TestSupport

/// One list imported as N shards (`import --shard K/N`), as a batch engine runs them: the shards
/// together import what one run imports, each input once, each site in one shard only.
@Suite struct ShardWorkflowTests {
    /// A list as a person gathers it: pages from ten sites interleaved, and saved pages on disk.
    struct Batch {
        let work: Workspace
        let server: LocalServer
        let list: String
        let addresses: [String]
        let files: [String]

        init(_ work: Workspace, pages: Int = 40, files fileCount: Int = 6) async throws {
            self.work = work
            let server = try await LocalServer(hosts: 10)
            self.server = server
            // Every fifth page has a picture (downloaded with --images); one page is gone (404).
            let addresses = (1...pages).map { n in
                let host = "127.0.0.\((n - 1) % 10 + 1)"
                let picture = n % 5 == 0 ? "?image=" + server.url("/image/picture-\(n).png", host: host).absoluteString : ""
                return server.url("/recipe/shard-page-\(n)", host: host).absoluteString + picture
            } + [server.url("/fault/status/404", host: "127.0.0.3").absoluteString]
            self.addresses = addresses
            var files: [String] = []
            for n in 1...fileCount {
                let name = "saved/page-\(n).html"
                try work.write(RecipePage.html(title: "Saved Dish \(n)", ingredients: ["\(n) cups rice", "1 onion"],
                                               steps: ["Cook the rice.", "Serve."]), to: name)
                files.append(work.path(name))
            }
            self.files = files
            // A duplicate line too: it belongs to the same shard as its first mention.
            list = work.path("list.txt")
            try work.write((addresses + files + [addresses[0]]).joined(separator: "\n") + "\n", to: "list.txt")
        }

        func importShard(_ shard: String, into library: String, environment: [String: String] = [:]) async throws -> ProgramRun {
            let arguments = ["import", "--from-file", list, "--library", work.path(library), "--no-cache", "--images", "--shard", shard]
            let outcome = try await LarderCommand.run(arguments, environment: environment, home: work.home)
            // 1: the shard that owns the missing page says so.
            #expect(outcome.signal == nil && [0, 1].contains(outcome.status), "larder \(arguments.joined(separator: " ")): \(outcome)")
            return outcome
        }
    }

    /// The recipes of a library by id, import times aside.
    static func recipesByID(_ library: LibraryOnDisk) throws -> [String: Recipe] {
        var byID: [String: Recipe] = [:]
        for var recipe in try library.recipes() {
            recipe.provenance.importedAt = nil
            byID[recipe.id] = recipe
        }
        return byID
    }

    @Test func shardsTogetherImportWhatOneRunImports() async throws {
        let work = try Workspace()
        let batch = try await Batch(work)
        try await work.run(["import", "--from-file", batch.list, "--library", work.path("one"), "--no-cache", "--images"], expecting: [1])
        let one = try Self.recipesByID(work.library("one"))
        #expect(one.count == batch.addresses.count - 1 + batch.files.count)
        #expect(one.values.filter { !$0.images.compactMap(\.path).isEmpty }.count == 8)

        var together: [String: Recipe] = [:]
        var hostsSeen: [String: Int] = [:]
        for k in 1...3 {
            let outcome = try await batch.importShard("\(k)/3", into: "shard-\(k)")
            let library = work.library("shard-\(k)")
            let report = try library.report()
            #expect(report.shard == .init(index: k, count: 3), "report.json of shard \(k)")
            #expect(outcome.output.contains("Import of shard \(k)/3 ("), "\(outcome.output)")
            for (id, recipe) in try Self.recipesByID(library) {
                #expect(together[id] == nil, "\(id) was imported by two shards")
                together[id] = recipe
                if let host = recipe.provenance.sourceURL.flatMap({ URL(string: $0)?.host }) {
                    #expect(hostsSeen[host, default: k] == k, "\(host) was fetched by two shards")
                    hostsSeen[host] = k
                }
            }
        }
        #expect(together == one)
        #expect(hostsSeen.count == 10)

        // Merged, the shards are the one run: the same recipes and pictures, every file in the
        // manifest with its checksum, and the page that failed still reported.
        let merged = try await work.run(["merge", work.path("shard-1"), work.path("shard-2"), work.path("shard-3"), "--into", work.path("merged")],
                                  expecting: [1])
        #expect(merged.output.contains("Merge: \(one.count) merged, 0 skipped, 1 failed."), "\(merged)")
        #expect(merged.errors.contains("failed: \(batch.addresses.last!): [read] 404 Not Found"), "\(merged.errors)")
        let library = work.library("merged")
        #expect(try Self.recipesByID(library) == one)
        #expect(try library.manifestPaths() == library.storedPaths())
        #expect(library.storedPaths() == work.library("one").storedPaths())
        try Self.checkChecksums(of: library)
        let report = try library.report()
        #expect(report.entries("imported").count == one.count)
        #expect(report.entries("failed").map(\.input) == [batch.addresses.last!])
    }

    /// Every file the manifest lists has the size and SHA-256 it says.
    static func checkChecksums(of library: LibraryOnDisk) throws {
        struct Line: Decodable { var path: String; var sha256: String; var bytes: Int }
        let text = try String(contentsOf: library.root.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        for line in text.split(separator: "\n").dropFirst() {
            let entry = try JSONDecoder().decode(Line.self, from: Data(line.utf8))
            let data = try Data(contentsOf: library.root.appendingPathComponent(entry.path))
            #expect(data.count == entry.bytes && SHA256.hex(data) == entry.sha256, "\(entry.path)")
        }
    }

    /// Path → SHA-256 of every recipe, image and the manifest.
    static func snapshot(_ library: LibraryOnDisk) throws -> [String: String] {
        var files: [String: String] = [:]
        for path in library.storedPaths().union(["manifest.jsonl"]) {
            files[path] = SHA256.hex(try Data(contentsOf: library.root.appendingPathComponent(path)))
        }
        return files
    }

    @Test func mergingTheSameShardTwiceChangesNothing() async throws {
        let work = try Workspace()
        let batch = try await Batch(work, pages: 20, files: 2)
        for k in 1...2 { _ = try await batch.importShard("\(k)/2", into: "shard-\(k)") }
        // The shard with pictures first.
        let (first, second) = work.library("shard-1").storedPaths().contains { $0.hasPrefix("images/") } ? ("shard-1", "shard-2") : ("shard-2", "shard-1")
        try await work.run(["merge", work.path(first), "--into", work.path("merged")], expecting: [0, 1])
        let once = try Self.snapshot(work.library("merged"))
        #expect(once.keys.contains { $0.hasPrefix("images/") })
        let again = try await work.run(["merge", work.path(first), "--into", work.path("merged")], expecting: [0, 1])
        #expect(try Self.snapshot(work.library("merged")) == once)
        let count = try work.library(first).recipes().count
        #expect(again.output.contains("Merge: 0 merged, \(count) skipped,"), "\(again)")
        #expect(try work.library("merged").report().entries.filter { $0.status != "failed" }.allSatisfy { $0.status == "skipped" && $0.stage == "dedupe" })
        // The other shard next, then both again: each recipe once.
        try await work.run(["merge", work.path(second), "--into", work.path("merged")], expecting: [0, 1])
        let both = try Self.snapshot(work.library("merged"))
        try await work.run(["merge", work.path("shard-2"), work.path("shard-1"), "--into", work.path("merged")], expecting: [0, 1])
        #expect(try Self.snapshot(work.library("merged")) == both)
        #expect(try work.library("merged").recipes().count == batch.addresses.count - 1 + batch.files.count)
    }

    @Test func onDuplicateDecidesAsImportDoes() async throws {
        let work = try Workspace()
        let batch = try await Batch(work, pages: 10, files: 2)
        _ = try await batch.importShard("1/1", into: "whole")
        let count = try work.library("whole").recipes().count
        // Exit 1 each time: the page that failed in the shard is still reported.
        try await work.run(["merge", work.path("whole"), "--into", work.path("merged")], expecting: [1])
        // The same recipes again: updated in place (and said as updated, as import says them), or kept
        // beside as copies.
        let updated = try await work.run(["merge", work.path("whole"), "--into", work.path("merged"), "--on-duplicate", "update"], expecting: [1])
        #expect(updated.output.contains("Merge: 0 merged, \(count) updated, 0 skipped"), "\(updated)")
        #expect(try work.library("merged").recipes().count == count)
        try await work.run(["merge", work.path("whole"), "--into", work.path("merged"), "--on-duplicate", "copy"], expecting: [1])
        let copies = try work.library("merged").recipes()
        #expect(copies.count == 2 * count)
        #expect(copies.filter { $0.id.hasSuffix("-copy") }.count == count)
        let library = work.library("merged")
        #expect(try library.manifestPaths() == library.storedPaths())
        try Self.checkChecksums(of: library)
    }

    /// One dish published by two sites lands in two shards; one run keeps it once, and so does
    /// the merge (a restore, which knows duplicates by id only, would keep both).
    @Test func theSameRecipeFromTwoSitesIsMergedOnce() async throws {
        let work = try Workspace()
        for (n, site) in ["https://one.example/stew", "https://two.example/stew"].enumerated() {
            try work.write(RecipePage.html(title: "Lamb Stew", ingredients: ["1 kg lamb", "2 onions"], steps: ["Brown.", "Simmer."], url: site),
                           to: "site-\(n).html")
            try await work.run(["import", work.path("site-\(n).html"), "--library", work.path("shard-\(n)")])
        }
        let ids = try (0...1).map { try #require(work.library("shard-\($0)").recipes().first?.id) }
        #expect(ids[0] != ids[1])
        let outcome = try await work.run(["merge", work.path("shard-0"), work.path("shard-1"), "--into", work.path("merged")])
        #expect(outcome.output.contains("Merge: 1 merged, 1 skipped, 0 failed."), "\(outcome)")
        #expect(try work.library("merged").recipes().map(\.id) == [ids[0]])
        let skipped = try work.library("merged").report().entries("skipped")
        #expect(skipped.first?.reason == "same title, ingredients and steps as \(ids[0])", "\(skipped)")
    }

    @Test func aBrokenOrMissingShardIsNamedAndTheOthersMerged() async throws {
        let work = try Workspace()
        let batch = try await Batch(work, pages: 20, files: 2)
        for k in 1...3 { _ = try await batch.importShard("\(k)/3", into: "shard-\(k)") }
        // A recipe edited after its manifest was written (a disk error, a hand edit).
        let broken = work.library("shard-2")
        let victim = try #require(broken.recipeFiles.first)
        try Data("{\"title\": \"changed\"}".utf8).write(to: victim)
        let missing = work.path("shard-4")
        try work.write("not a library", to: "notes.txt")
        // A shard whose import was killed: its journal holds changes its manifest lacks.
        try FileManager.default.copyItem(atPath: work.path("shard-3"), toPath: work.path("killed"))
        try work.write("{\"bytes\":1,\"path\":\"recipes/x.json\",\"sha256\":\"00\"}\n", to: "killed/.larder/journal.jsonl")
        let outcome = try await work.run(["merge", work.path("shard-1"), broken.root.path, missing, work.path("notes.txt"), work.path("killed"),
                                    work.path("shard-3"), "--into", work.path("merged")], expecting: [1])
        #expect(outcome.errors.contains("failed: \(work.path("killed")): [read] its last larder run was stopped before it finished"), "\(outcome.errors)")
        #expect(outcome.errors.contains("failed: \(broken.root.path): [read] the library folder is refused: the checksum of recipes/"), "\(outcome.errors)")
        #expect(outcome.errors.contains("failed: \(missing): [read] there is no library or backup at this path"), "\(outcome.errors)")
        #expect(outcome.errors.contains("failed: \(work.path("notes.txt")): [read] not a Larder library"), "\(outcome.errors)")
        var expected: [String: Recipe] = [:]
        for k in [1, 3] { expected.merge(try Self.recipesByID(work.library("shard-\(k)"))) { first, _ in first } }
        let merged = work.library("merged")
        #expect(try Self.recipesByID(merged) == expected)
        #expect(try merged.manifestPaths() == merged.storedPaths())
        let state = (try? FileManager.default.contentsOfDirectory(atPath: merged.root.appendingPathComponent(".larder").path)) ?? []
        #expect(!state.contains { $0.hasPrefix("restore-") }, "staging left behind: \(state)")
        // The broken shard is as it was: nothing of it was taken.
        #expect(try Data(contentsOf: victim) == Data("{\"title\": \"changed\"}".utf8))
    }

    @Test func aShardStillBeingWrittenIsNotMerged() async throws {
        let work = try Workspace()
        let batch = try await Batch(work, pages: 10, files: 1)
        _ = try await batch.importShard("1/1", into: "shard")
        // A run holding the shard's lock, as an import at work does.
        let lock = work.path("shard/.larder/lock")
        // It says so once it holds the lock, and keeps it until stopped.
        let holder = try Program("flock", [lock, "sh", "-c", "echo locked; exec sleep 600"]).start()
        try await holder.waitForOutput(containing: "locked")
        let outcome = try await work.run(["merge", work.path("shard"), "--into", work.path("merged")], expecting: [1])
        try await holder.stop()
        #expect(outcome.errors.contains("is in use by another larder run"), "\(outcome.errors)")
        #expect(try work.library("merged").recipes().isEmpty)
    }

    @Test func autoTakesTheShardFromKubernetesOrSlurm() async throws {
        let work = try Workspace()
        let batch = try await Batch(work, pages: 20, files: 3)
        var expected: [Set<String>] = []
        for k in 1...3 {
            _ = try await batch.importShard("\(k)/3", into: "given-\(k)")
            expected.append(Set(try Self.recipesByID(work.library("given-\(k)")).keys))
        }
        for k in 1...3 {
            // A Kubernetes Indexed Job's pods are numbered from 0.
            _ = try await batch.importShard("auto/3", into: "pod-\(k)", environment: ["JOB_COMPLETION_INDEX": "\(k - 1)"])
            #expect(Set(try Self.recipesByID(work.library("pod-\(k)")).keys) == expected[k - 1], "pod \(k - 1)")
            #expect(try work.library("pod-\(k)").report().shard == .init(index: k, count: 3))
            // A Slurm array submitted as --array=1-3: its first task is shard 1.
            _ = try await batch.importShard("auto/3", into: "task-\(k)", environment: [
                "SLURM_ARRAY_TASK_ID": "\(k)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "3",
            ])
            #expect(Set(try Self.recipesByID(work.library("task-\(k)")).keys) == expected[k - 1], "Slurm task \(k)")
        }
    }

    @Test func badShardValuesStopBeforeAnything() async throws {
        let work = try Workspace()
        try work.write("http://127.0.0.1:9/recipe/never-fetched\n", to: "list.txt")
        let cases: [(shard: String, environment: [String: String], says: String)] = [
            ("0/4", [:], "K must be from 1 to 4"),
            ("5/4", [:], "K must be from 1 to 4"),
            ("2/0", [:], "N, the number of shards, must be from 1"),
            ("2", [:], "give it as K/N"),
            ("two/4", [:], "give it as K/N"),
            ("1/4/2", [:], "give it as K/N"),
            ("auto/4", [:], "neither JOB_COMPLETION_INDEX"),
            ("auto/4", ["JOB_COMPLETION_INDEX": "4"], "JOB_COMPLETION_INDEX is 4"),
            ("auto/4", ["JOB_COMPLETION_INDEX": "-1"], "JOB_COMPLETION_INDEX is \"-1\""),
            ("auto/4", ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1"], "SLURM_ARRAY_TASK_ID is 5"),
            ("auto/4", ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "8"], "has 8 tasks"),
        ]
        for (shard, environment, says) in cases {
            let outcome = try await LarderCommand.run(["import", "--from-file", work.path("list.txt"), "--library", work.path("library"), "--shard", shard],
                                                      environment: environment, home: work.home)
            #expect(outcome.status == 2 && outcome.signal == nil, "--shard \(shard) \(environment): \(outcome)")
            #expect(outcome.errors.contains("--shard \(shard): ") && outcome.errors.contains(says), "--shard \(shard) \(environment): \(outcome.errors)")
            #expect(RawErrorText.found(in: outcome.printed).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: work.path("library")), "--shard \(shard) made the library")
        }
    }
}

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

        init(_ work: Workspace, pages: Int = 40, files fileCount: Int = 6) throws {
            self.work = work
            let server = try LocalServer(hosts: 10)
            self.server = server
            let addresses = (1...pages).map { n in
                server.url("/recipe/shard-page-\(n)", host: "127.0.0.\((n - 1) % 10 + 1)").absoluteString
            }
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

        func importShard(_ shard: String, into library: String, environment: [String: String] = [:]) throws -> LarderProcess.Outcome {
            var larder = work.larder
            for (key, value) in environment { larder.environment[key] = value }
            let arguments = ["import", "--from-file", list, "--library", work.path(library), "--no-cache", "--shard", shard]
            let outcome = try larder.run(arguments)
            #expect(outcome.signal == nil && outcome.status == 0, "larder \(arguments.joined(separator: " ")): \(outcome)")
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

    @Test func shardsTogetherImportWhatOneRunImports() throws {
        let work = try Workspace()
        let batch = try Batch(work)
        try work.run(["import", "--from-file", batch.list, "--library", work.path("one"), "--no-cache"])
        let one = try Self.recipesByID(work.library("one"))
        #expect(one.count == batch.addresses.count + batch.files.count)

        var together: [String: Recipe] = [:]
        var hostsSeen: [String: Int] = [:]
        for k in 1...3 {
            let outcome = try batch.importShard("\(k)/3", into: "shard-\(k)")
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
            // Every input the shard owns is in its report; the list's duplicate line too.
            #expect(report.entries.allSatisfy { $0.status != "failed" }, "\(report.entries)")
        }
        #expect(together == one)
        #expect(hostsSeen.count == 10)
    }

    @Test func autoTakesTheShardFromKubernetesOrSlurm() throws {
        let work = try Workspace()
        let batch = try Batch(work, pages: 20, files: 3)
        var expected: [Set<String>] = []
        for k in 1...3 {
            _ = try batch.importShard("\(k)/3", into: "given-\(k)")
            expected.append(Set(try Self.recipesByID(work.library("given-\(k)")).keys))
        }
        for k in 1...3 {
            // A Kubernetes Indexed Job's pods are numbered from 0.
            _ = try batch.importShard("auto/3", into: "pod-\(k)", environment: ["JOB_COMPLETION_INDEX": "\(k - 1)"])
            #expect(Set(try Self.recipesByID(work.library("pod-\(k)")).keys) == expected[k - 1], "pod \(k - 1)")
            #expect(try work.library("pod-\(k)").report().shard == .init(index: k, count: 3))
            // A Slurm array submitted as --array=1-3: its first task is shard 1.
            _ = try batch.importShard("auto/3", into: "task-\(k)", environment: [
                "SLURM_ARRAY_TASK_ID": "\(k)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "3",
            ])
            #expect(Set(try Self.recipesByID(work.library("task-\(k)")).keys) == expected[k - 1], "Slurm task \(k)")
        }
    }

    @Test func badShardValuesStopBeforeAnything() throws {
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
            var larder = work.larder
            for (key, value) in environment { larder.environment[key] = value }
            let outcome = try larder.run(["import", "--from-file", work.path("list.txt"), "--library", work.path("library"), "--shard", shard])
            #expect(outcome.status == 2 && outcome.signal == nil, "--shard \(shard) \(environment): \(outcome)")
            #expect(outcome.errors.contains("--shard \(shard): ") && outcome.errors.contains(says), "--shard \(shard) \(environment): \(outcome.errors)")
            #expect(RawErrorText.found(in: outcome.text).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: work.path("library")), "--shard \(shard) made the library")
        }
    }
}

import Foundation
import LarderCore
import Testing
import TestSupport
import Yams

/// The recipes of docs/scale-out.md, run as they are written there (each block marked
/// `<!-- tested: NAME -->`), on a list of pages from ten loopback sites: the merged library
/// must hold what one `larder import` of the whole list holds.
@Suite(.serialized) struct ScaleOutRecipeTests {
    static let document = Fixtures.packageRoot.appendingPathComponent("docs/scale-out.md")

    static func onPath(_ program: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }

    static let hasParallel = onPath("parallel")
    static let hasParallelAndRsync = hasParallel && onPath("rsync")

    /// The code of the block marked `<!-- tested: name -->`.
    static func block(_ name: String) throws -> String {
        let text = try String(contentsOf: document, encoding: .utf8)
        let marker = try #require(text.range(of: "<!-- tested: \(name) -->\n"), "docs/scale-out.md has no block \(name)")
        let fence = try #require(text.range(of: "\n", range: marker.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "\n```", range: fence.upperBound..<text.endIndex))
        return String(text[fence.upperBound..<end.lowerBound])
    }

    /// A scratch folder holding `urls.txt`: 30 pages on ten loopback sites and one that is gone.
    final class Site {
        let scratch: ScratchFolder
        let server: LocalServer
        let folder: URL
        var environment: [String: String]

        init() async throws {
            let scratch = try ScratchFolder()
            let server = try await LocalServer(hosts: 10)
            let folder = scratch.path("work")
            (self.scratch, self.server, self.folder) = (scratch, server, folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let addresses = (1...30).map { server.url("/recipe/scale-out-\($0)", host: "127.0.0.\(($0 - 1) % 10 + 1)").absoluteString }
                + [server.url("/fault/status/404", host: "127.0.0.7").absoluteString]
            try Data((addresses.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("urls.txt"))
            // The built larder first on the PATH; nothing of the machine's own library or cache.
            let binaries = try #require(LarderBinary.url).deletingLastPathComponent().path
            environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LARDER_") && !$0.key.hasPrefix("XDG_") }
            environment["HOME"] = scratch.path("home").path
            environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["XDG_CACHE_HOME"] = scratch.path("cache").path
        }

        /// Runs `script` with `shell` in the work folder; what it prints on both streams, in the
        /// order it printed it.
        @discardableResult
        func run(_ script: String, shell: String = "/bin/bash", environment extra: [String: String] = [:]) async throws -> (status: Int32, text: String) {
            let run = try await Program(shell, ["-c", "exec 2>&1\n" + script], environment: environment.merging(extra) { _, new in new },
                                        directory: folder).run()
            return (run.status, run.output)
        }

        /// The recipes of a library in the work folder by id, import times aside.
        func recipes(in library: String) throws -> [String: Recipe] {
            let recipes = folder.appendingPathComponent(library).appendingPathComponent("recipes")
            var byID: [String: Recipe] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: recipes.path) where name.hasSuffix(".json") {
                var recipe = try CanonicalJSON.decode(Data(contentsOf: recipes.appendingPathComponent(name)))
                recipe.provenance.importedAt = nil
                byID[recipe.id] = recipe
            }
            return byID
        }

        /// The merged library holds what one run holds, and its report names the page that failed.
        func checkMergedLibraryIsOneRun(_ library: String = "library", sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let one = try await run("larder import --from-file urls.txt --library one --no-cache")
            #expect(one.status == 1, "\(one.text)", sourceLocation: sourceLocation)
            let expected = try recipes(in: "one")
            #expect(expected.count == 30, sourceLocation: sourceLocation)
            let merged = try recipes(in: library)
            let differing = Set(merged.keys).union(expected.keys).filter { merged[$0] != expected[$0] }.sorted()
            #expect(merged == expected, "\(merged.count) recipes merged, \(expected.count) in one run; differing: \(differing.joined(separator: ", "))", sourceLocation: sourceLocation)
            let report = try String(contentsOf: folder.appendingPathComponent(library).appendingPathComponent("report.json"), encoding: .utf8)
            #expect(report.contains("/fault/status/404"), "the merged report lost the failed page", sourceLocation: sourceLocation)
        }

        /// A stand-in for `ssh HOST COMMAND` that runs COMMAND here, in a home folder of HOST's
        /// own: GNU parallel's --sshlogin, --transferfile, --basefile and --return, without a
        /// network. With `lateStarts`, for a recipe that cleans up after each job, each
        /// "machine" is as slow to start its later jobs as a loaded one can be: the first job
        /// there goes at once, the others only once a job's files were cleaned up there (or
        /// after 30 s). A recipe in which one job's clean-up removes what another job on the
        /// same machine has still to read then fails every time, not only on a busy machine.
        func standInForSSH(lateStarts: Bool = false) throws -> [String: String] {
            let script = scratch.path("ssh")
            try Data("""
            #!/bin/bash
            while [ $# -gt 0 ]; do case "$1" in -l|-p|-o|-i) shift 2;; -*) shift;; *) break;; esac; done
            host=$1; shift
            [ "${1:-}" = "--" ] && shift
            marks='\(scratch.path("marks").path)'
            mkdir -p "$STAND_IN_HOMES/$host" "$marks" && cd "$STAND_IN_HOMES/$host" || exit 255
            case "$*" in
              *GNU_Parallel_worker*)
                if \(lateStarts) && ! mkdir "$marks/$host-started" 2>/dev/null; then
                  for _ in $(seq 300); do [ -e "$marks/$host-cleaned" ] && break; sleep 0.1; done
                fi;;
            esac
            # sshd starts the command with the login shell in SHELL, and GNU parallel's remote
            # wrapper runs each job with $SHELL: without it, jobs silently do nothing.
            export SHELL=/bin/bash
            bash -c "$*"; status=$?
            case "$*" in *"rm -"*) touch "$marks/$host-cleaned";; esac
            exit $status

            """.utf8).write(to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            return ["PARALLEL_SSH": script.path, "STAND_IN_HOMES": scratch.path("hosts").path]
        }
    }

    @Test(.enabled(if: hasParallel, "GNU parallel is not installed (make setup installs it)"))
    func parallelOnOneMachine() async throws {
        let site = try await Site()
        let outcome = try await site.run(try Self.block("parallel-one-host"))
        #expect(outcome.status == 1, "\(outcome.text)")  // the merge reports the page that is gone
        try await site.checkMergedLibraryIsOneRun()
    }

    @Test(.enabled(if: hasParallel, "GNU parallel is not installed (make setup installs it)"))
    func parallelOverSSHInASharedFolder() async throws {
        let site = try await Site()
        let outcome = try await site.run(try Self.block("parallel-ssh-shared-folder"), environment: try site.standInForSSH())
        #expect(outcome.status == 1, "\(outcome.text)")
        try await site.checkMergedLibraryIsOneRun()
    }

    @Test(.enabled(if: hasParallelAndRsync, "GNU parallel or rsync is not installed (make setup installs both)"))
    func parallelOverSSHReturningTheLibraries() async throws {
        let site = try await Site()
        let outcome = try await site.run(try Self.block("parallel-ssh-return"), environment: try site.standInForSSH(lateStarts: true))
        #expect(outcome.status == 1, "\(outcome.text)")
        // The shards ran in the stand-in machines' homes, not here.
        let hosts = try FileManager.default.contentsOfDirectory(atPath: site.scratch.path("hosts").path)
        #expect(Set(hosts) == ["alpha", "beta"])
        try await site.checkMergedLibraryIsOneRun()
    }

    /// The Indexed Job's and the merge Job's commands, run as their pods would run them: one
    /// per completion index, with JOB_COMPLETION_INDEX set, in the shared volume's folder.
    @Test func kubernetesIndexedJobThenMerge() async throws {
        let site = try await Site()
        let job = try #require(try Yams.load(yaml: try Self.block("kubernetes-shards")) as? [String: Any])
        let spec = try #require(job["spec"] as? [String: Any])
        #expect(spec["completionMode"] as? String == "Indexed")
        let completions = try #require(spec["completions"] as? Int)
        let command = try Self.command(of: spec)
        #expect(command.contains("--shard auto/\(completions)"), "completions and --shard auto/N disagree")
        for index in 0..<completions {
            let pod = try await site.run(command, shell: "/bin/sh", environment: ["JOB_COMPLETION_INDEX": "\(index)"])
            #expect(pod.status == 0, "pod \(index): \(pod.text)")
        }
        let merge = try #require(try Yams.load(yaml: try Self.block("kubernetes-merge")) as? [String: Any])
        let outcome = try await site.run(try Self.command(of: try #require(merge["spec"] as? [String: Any])), shell: "/bin/sh")
        #expect(outcome.status == 1, "\(outcome.text)")
        try await site.checkMergedLibraryIsOneRun()
    }

    /// `sh -c SCRIPT` of a Job's one container.
    static func command(of spec: [String: Any]) throws -> String {
        let template = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        let container = try #require((template["containers"] as? [[String: Any]])?.first)
        let command = try #require(container["command"] as? [String])
        #expect(container["workingDir"] as? String == "/data")
        #expect(command.prefix(2) == ["sh", "-c"])
        return try #require(command.last)
    }

    /// The array script run once per task, as Slurm runs it (`--array=1-N`), then the merge it
    /// hands to sbatch --wrap.
    @Test func slurmArrayThenMerge() async throws {
        let site = try await Site()
        let script = try Self.block("slurm-array")
        let array = try #require(script.firstMatch(of: /#SBATCH --array=1-(\d+)\n/))
        let tasks = try #require(Int(array.1))
        #expect(script.contains("--shard auto/\(tasks)"), "--array and --shard auto/N disagree")
        for task in 1...tasks {
            let run = try await site.run(script, environment: [
                "SLURM_ARRAY_TASK_ID": "\(task)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "\(tasks)",
                "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": "\(tasks)",
            ])
            #expect(run.status == 0, "task \(task): \(run.text)")
        }
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let wrapped = try #require(text.firstMatch(of: /--wrap '([^']+)'/))
        let outcome = try await site.run(String(wrapped.1))
        #expect(outcome.status == 1, "\(outcome.text)")
        try await site.checkMergedLibraryIsOneRun()
    }
}

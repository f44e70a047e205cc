import ArgumentParser
import Foundation
import LarderCore
import LarderKit

extension Larder {
    struct Merge: AsyncParsableCommand, StopsCleanly {
        static let configuration = CommandConfiguration(
            abstract: "Merge libraries, such as the shards of an import run with --shard, into one library.",
            discussion: """
            Each library folder (or backup written by `larder export --output X.tar.gz`) is checked whole against its \
            manifest before anything enters, then its recipes and their images are moved in with their checksums. \
            Duplicates are decided as import decides them: a recipe the library already has (same id, same content, \
            or the same recipe at its source URL) is skipped, updated or kept as a copy by --on-duplicate, so merging \
            the same library twice changes nothing. A library that is missing, broken or still being written is \
            reported as failed, by name, and the others are merged all the same. The merged library's report.json \
            lists every recipe merged or skipped, and the inputs each library's last run left failed or not reached \
            (so a sharded import's failures are all in one place); the exit code is 1 when it lists a failure. \
            See docs/scale-out.md for GNU parallel, Kubernetes and Slurm.
            """
        )

        @Argument(help: ArgumentHelp("Library folders or backups to merge.", valueName: "library"))
        var sources: [String] = []

        @Option(name: .long, help: ArgumentHelp("The library to merge into (made when missing).", valueName: "dir"))
        var into: String

        @Option(name: .customLong("on-duplicate"), help: ArgumentHelp(
            "What to do with a recipe the library already has (same id, same content, the same recipe at its source URL, or the same Paprika uid, which Larder's Paprika export writes): skip it, update the stored one, or keep a copy under a new id (default: skip).",
            valueName: "skip|update|copy"))
        var duplicatePolicy: DuplicatePolicy?

        func validate() throws {
            if sources.isEmpty { throw ValidationError("Name at least one library to merge, then --into LIBRARY.") }
        }

        func run() async throws {
            let library = Library(root: URL(fileURLWithPath: into))
            try library.checkWritable(advice: "Name the library to merge into with --into.")
            try Interruption.shared.stopIfSignalled("The merge")
            // Before any work: another run writing this library stops this one here.
            try library.open()
            let output = RunOutput(doneWord: "merged")
            let (sources, duplicates) = (sources, duplicatePolicy ?? .skip)
            let task = Task {
                var report = RunReport()
                let merge = try LibraryMerge(into: library, duplicates: duplicates, progress: output.progress)
                report.notes += merge.unreadable
                for source in sources {
                    guard !Task.isCancelled else {
                        report.record(.init(input: source, status: .skipped, stage: "merge", reason: "interrupted: not merged", kind: .interrupted))
                        continue
                    }
                    try merge.merge(source, into: &report)
                }
                report.finished = MappingContext.now()
                do {
                    try library.writeReport(report)
                    try library.close()
                } catch {
                    throw UnfinishedRun(report: report, error: error)
                }
                return report
            }
            let interruption = Interruption.shared.cancelling(task)
            let (report, unfinished) = try await RunOutput.settled(task)
            do {
                try output.finish(report, verb: interruption.happened ? "Merge interrupted" : "Merge", destination: library.root.path)
            } catch let exit as ExitCode where interruption.happened || unfinished != nil {
                _ = exit
            }
            try output.stopIfUnfinished(unfinished, exitCode: interruption.exitCode)
            // What shells report for a run the signal stopped: 130 for Ctrl-C, 143 for SIGTERM.
            if let code = interruption.exitCode { throw ExitCode(code) }
        }
    }
}

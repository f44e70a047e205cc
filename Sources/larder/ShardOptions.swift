import ArgumentParser
import Foundation
import LarderKit

/// `--shard K/N` of `import`: this process imports one of N parts of its list, so that a batch
/// engine (GNU parallel, a Kubernetes Indexed Job, a Slurm job array) can spread one list over
/// many processes and machines (docs/scale-out.md). The split itself is `ImportShard`'s, by each
/// kind of input's key (`ImportSourceKind`).
struct ShardOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Import only shard K of N of the inputs (K from 1 to N), so that N runs given the same list import every input once between them: web addresses and sitemaps are split by site, files by path. auto/N takes K from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX + 1) or a Slurm job array (the task's place in --array, from 1). Bring the shards together with larder merge; see docs/scale-out.md.",
        valueName: "K/N|auto/N"))
    var shard: String?

    func validate() throws {
        _ = try resolved()
    }

    /// Read from the environment when the command runs, so `auto` sees the batch engine's.
    func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ImportShard? {
        guard let shard else { return nil }
        do {
            return try ImportShard(parsing: shard, environment: environment)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

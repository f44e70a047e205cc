import Foundation
import LarderCore

extension ImportShard {
    /// A `--shard` value that cannot be used, said with what to give instead.
    public struct Problem: DescribedError {
        public let description: String
    }

    /// The most shards a list is split into: far more than any batch engine runs at once.
    public static let maxCount = 1_000_000

    /// `K/N` (K from 1 to N), or `auto/N`: K taken from the batch engine that started this
    /// process (`engineIndex`).
    public init(parsing text: String, environment: [String: String]) throws(Problem) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let form = "give it as K/N (shard K of N, K from 1 to N, such as 2/4) or auto/N"
        guard parts.count == 2, let count = Int(parts[1]) else {
            throw Problem(description: "--shard \(text): \(form).")
        }
        guard (1...Self.maxCount).contains(count) else {
            throw Problem(description: "--shard \(text): N, the number of shards, must be from 1 to \(Self.maxCount).")
        }
        if parts[0].lowercased() == "auto" {
            self.init(index: try Self.engineIndex(environment: environment, count: count, given: text), count: count)
            return
        }
        guard let index = Int(parts[0]) else { throw Problem(description: "--shard \(text): \(form).") }
        guard (1...count).contains(index) else {
            throw Problem(description: "--shard \(text): K must be from 1 to \(count) (shards are counted from 1).")
        }
        self.init(index: index, count: count)
    }

    /// Where `auto` takes K from, first found first:
    /// - `JOB_COMPLETION_INDEX`: a Kubernetes Indexed Job's pod index, 0 to completions − 1;
    ///   K is the index + 1.
    /// - `SLURM_ARRAY_TASK_ID`: a Slurm job array's task index. Slurm counts from whatever
    ///   `--array` says (0-3 and 1-4 are both common; the smallest index Slurm allows is 0), so
    ///   K is counted from the array's first index, `SLURM_ARRAY_TASK_MIN`, in steps of
    ///   `SLURM_ARRAY_TASK_STEP`: task (ID − MIN) / STEP + 1. When Slurm says how many tasks the
    ///   array has (`SLURM_ARRAY_TASK_COUNT`) it must be N.
    static func engineIndex(environment: [String: String], count: Int, given text: String) throws(Problem) -> Int {
        func number(_ name: String) throws(Problem) -> Int? {
            guard let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            guard let number = Int(value), number >= 0 else {
                throw Problem(description: "--shard \(text): \(name) is \"\(value)\", not a whole number from 0.")
            }
            return number
        }
        if let podIndex = try number("JOB_COMPLETION_INDEX") {
            guard podIndex < count else {
                throw Problem(description: "--shard \(text): JOB_COMPLETION_INDEX is \(podIndex), so this is shard \(podIndex + 1), past \(count); the Job's completions must be \(count).")
            }
            return podIndex + 1
        }
        if let taskID = try number("SLURM_ARRAY_TASK_ID") {
            let first = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            let step = max(1, try number("SLURM_ARRAY_TASK_STEP") ?? 1)
            if let tasks = try number("SLURM_ARRAY_TASK_COUNT"), tasks != count {
                throw Problem(description: "--shard \(text): the Slurm job array has \(tasks) tasks (SLURM_ARRAY_TASK_COUNT), not \(count); give --array as many tasks as shards.")
            }
            let offset = taskID - first
            guard offset >= 0, offset % step == 0, offset / step < count else {
                throw Problem(description: "--shard \(text): SLURM_ARRAY_TASK_ID is \(taskID) in an array from \(first) in steps of \(step), so this is no shard from 1 to \(count); submit the array as --array=0-\(count - 1) or --array=1-\(count).")
            }
            return offset / step + 1
        }
        throw Problem(description: "--shard \(text): neither JOB_COMPLETION_INDEX (set in a Kubernetes Indexed Job's pods) nor SLURM_ARRAY_TASK_ID (set in a Slurm job array's tasks) is set, so there is no shard number to take; give it as K/N.")
    }
}

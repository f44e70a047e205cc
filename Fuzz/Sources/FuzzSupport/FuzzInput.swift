import Foundation
@testable import LarderKit

/// What every fuzz target needs around the parser it drives: the bytes as text decoded the way `larder import` decodes a file, a scratch file for parsers that read a
/// path, and a way to wait for an async source.
public enum FuzzInput {
    /// UTF-8 when the bytes are, else Windows-1252: `RecipeFileReader.text(of:)`, so the
    /// parsers see exactly what they would see from a file.
    public static func text(_ data: Data) -> String {
        RecipeFileReader.text(of: data)
    }

    /// One folder per process, made on first use and emptied before each input, so a target
    /// that writes files (a bundle's staging folder) starts clean every time and disk use stays
    /// bounded however long the run.
    public static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("larder-fuzz-\(getpid())", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: FuzzInput.scratch) }
        return folder
    }()

    /// Writes the bytes to `name` in an emptied scratch folder and returns its path.
    public static func file(_ data: Data, named name: String) -> URL {
        let manager = FileManager.default
        for leftover in (try? manager.contentsOfDirectory(atPath: scratch.path)) ?? [] {
            try? manager.removeItem(at: scratch.appendingPathComponent(leftover))
        }
        let file = scratch.appendingPathComponent(name)
        try! data.write(to: file)
        return file
    }

    /// Runs an async source to the end on the cooperative pool and waits for it: libFuzzer
    /// calls the target synchronously.
    public static func wait(_ work: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await work()
            done.signal()
        }
        done.wait()
    }

    /// Reads every event of a source: the read must end (a recipe, a failure with a reason),
    /// and every recipe must be one the library can store.
    public static func drain(_ makeSource: @escaping @Sendable () -> any RecipeSource) {
        wait {
            do {
                try await makeSource().read { event in
                    switch event {
                    case .recipe(let recipe, _, _), .recipeNoting(let recipe, _, _, _): FuzzCheck.storable(recipe)
                    default: break
                    }
                }
            } catch {
                // A source may end with an error (a cancelled run); that is a result too.
            }
        }
    }
}

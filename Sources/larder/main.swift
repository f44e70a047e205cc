import ArgumentParser
import Foundation
import LarderCore
import LarderKit

// A custom entry point instead of `@main`, for Larder's documented exit codes: 0 when nothing
// failed, 1 when some inputs failed (or the result could not be written), 2 on usage errors
// (ArgumentParser's default is 64), 130 when stopped by Ctrl-C and 143 by SIGTERM.

// First of all, so that a Ctrl-C in the first moments (parsing, opening the library) is
// neither lost nor fatal to a run that would leave no report.
Interruption.shared.install()

let arguments = Array(CommandLine.arguments.dropFirst())

/// A command that takes Ctrl-C and SIGTERM from `Interruption` and stops cleanly: what was
/// done is kept, the report written.
protocol StopsCleanly {}

/// Calls the async `run()`; through the existential Swift would pick the synchronous one.
func runAsync<Command: AsyncParsableCommand>(_ command: inout Command) async throws {
    try await command.run()
}

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data(("Error: " + message + "\n").utf8))
    exit(code)
}

do {
    var command = try Larder.parseAsRoot(arguments)
    // Commands that do not stop cleanly end as the signal says, as they always did.
    if !(command is StopsCleanly) { Interruption.shared.passOn() }
    if var asyncCommand = command as? AsyncParsableCommand {
        try await runAsync(&asyncCommand)
    } else {
        try command.run()
    }
    exit(0)
} catch let exitCode as ExitCode {
    exit(exitCode.rawValue)
} catch let problem as PathProblem {
    fail(problem.description, code: 2)
} catch let problem as LibraryInUse {
    // Another run is writing the library: nothing was done, and the same command works later.
    fail(problem.description, code: 2)
} catch let problem as TemplateProblem {
    // A --template that cannot be used, found before any recipe is read.
    fail(problem.description, code: 2)
} catch let error as ValidationError {
    // Thrown while running (a list of inputs that cannot be read): the usage line would not
    // help, the message does. (Those thrown while parsing reach ArgumentParser below.)
    fail(error.message, code: 2)
} catch {
    let code = Larder.exitCode(for: error)
    if code == .success {
        // --help, --version
        let message = Larder.fullMessage(for: error)
        if !message.isEmpty { print(message) }
        exit(0)
    }
    if code == .validationFailure {
        // ArgumentParser's usage errors, with the usage of the command that was meant.
        let message = Larder.fullMessage(for: error)
        if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        exit(2)
    }
    // Anything else stopped the run; Foundation's and the system's errors become sentences.
    fail(ErrorText.describe(error), code: 1)
}

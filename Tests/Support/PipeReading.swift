import Foundation

/// Reads a pipe to its end with read(2), again when a signal interrupts it: Foundation's
/// `readDataToEndOfFile` stops the whole test run on EINTR ("Interrupted system call"), which
/// the many processes and signals these tests start make likely. It blocks the calling thread:
/// `RunningProgram` calls it on threads of its own.
public enum PipeReading {
    public static func readAll(_ handle: FileHandle) -> Data {
        var data = Data()
        forEachChunk(handle) { data.append($0) }
        return data
    }

    /// Hands each chunk to `body` as it arrives, until the writers close the pipe.
    public static func forEachChunk(_ handle: FileHandle, _ body: (Data) -> Void) {
        forEachChunk(handle.fileDescriptor, body)
    }

    /// The same for a file descriptor (a socket).
    public static func forEachChunk(_ descriptor: Int32, _ body: (Data) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                body(Data(buffer[0..<count]))
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Writes all of `data` to a pipe, stopping quietly when the reader has gone: SIGPIPE is
    /// blocked on this thread, so the write fails with EPIPE instead of ending the test run.
    public static func write(_ data: Data, to handle: FileHandle) {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(handle.fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count > 0 {
                    offset += count
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        // A SIGPIPE the failed write raised is pending on this thread: taken here, it goes nowhere.
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 {
            var zero = timespec()
            _ = sigtimedwait(&blocked, nil, &zero)
        }
    }
}

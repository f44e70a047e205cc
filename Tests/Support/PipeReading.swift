import Foundation

/// Reads a pipe to its end with read(2), again when a signal interrupts it: Foundation's
/// `readDataToEndOfFile` stops the whole test run on EINTR ("Interrupted system call"), which
/// the many processes and signals these tests start make likely.
public enum PipeReading {
    public static func readAll(_ handle: FileHandle) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(handle.fileDescriptor, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }
}

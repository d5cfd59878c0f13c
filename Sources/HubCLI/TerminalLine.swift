// A visible line of input from the terminal (a user name, a yes/no answer).

import HubCore

extension Terminal {
    static func readLine(_ label: String, console: Console) throws -> String? {
        console.rawErr(label)
        return Swift.readLine(strippingNewline: true)
    }
}

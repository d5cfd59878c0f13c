// hubctl's entry point: parse, run, and turn any error into JSON on stderr and an exit code.
import HubCLI

Hubctl.runMain()

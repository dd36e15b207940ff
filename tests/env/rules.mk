# tests/env/run.sh: the emulator's environment variables, bad and good values.
# tests/env/local-rank.sh: an MPI rank's default device.
ENV_WRAPPERS := $(BUILD)/tests/env-tests $(BUILD)/tests/local-rank-tests
ALL_TARGETS += $(ENV_WRAPPERS)
TEST_CMDS   += $(ENV_WRAPPERS)

$(BUILD)/tests/env-tests: ENV_SCRIPT := run.sh
$(BUILD)/tests/local-rank-tests: ENV_SCRIPT := local-rank.sh
$(ENV_WRAPPERS): tests/env/rules.mk
	@mkdir -p $(dir $@)
	@printf '#!/bin/sh\nexec "%s/tests/env/%s" "%s" "$$@"\n' '$(TOP)' '$(ENV_SCRIPT)' '$(ABS_BUILD)' > $@
	@chmod +x $@
